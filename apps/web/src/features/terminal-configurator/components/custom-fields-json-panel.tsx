import { Button, Group, Stack, Textarea } from '@mantine/core';
import { customFieldsFromJson } from '@portico/contracts/virtual-terminals/terminal-configuration';
import type { VirtualTerminalCustomField } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { useState } from 'react';
import { copyText } from '../utils/clipboard';

type CustomFieldsJsonPanelProps = {
  fields: readonly VirtualTerminalCustomField[];
  onLoad: (fields: VirtualTerminalCustomField[]) => void;
};

// Generate JSON / Copy JSON; pasting a JSON array loads the custom fields, anything else is
// ignored. The textarea is 150px high.
export function CustomFieldsJsonPanel({ fields, onLoad }: CustomFieldsJsonPanelProps) {
  const [text, setText] = useState('');
  return (
    <Stack gap="xs">
      <Textarea
        label="Custom Fields JSON"
        value={text}
        styles={{ input: { height: 150 } }}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          const loaded = customFieldsFromJson(next);
          if (loaded !== null) onLoad(loaded);
        }}
      />
      <Group>
        <Button variant="default" onClick={() => setText(JSON.stringify(fields, null, 2))}>
          Generate JSON
        </Button>
        <Button variant="default" disabled={text === ''} onClick={() => void copyText(text)}>
          Copy JSON
        </Button>
      </Group>
    </Stack>
  );
}
