import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Checkbox } from './checkbox';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesFileText } from './recovery-codes.utils';
import { showToast } from './toasts';

export const RecoveryCodesText = {
  Heading: 'Save your recovery codes',
  Intro:
    'Each code signs you in once if you lose your phone. They are shown only now: copy or download them and keep them somewhere safe.',
  Copy: 'Copy',
  Download: 'Download',
  Copied: 'Recovery codes copied.',
  NotCopied: 'The codes could not be copied. Download them instead.',
  Saved: 'I have saved these codes',
  Done: 'Done',
} as const;

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

// The recovery codes, shown once: Done only after the user says they are saved.
export function RecoveryCodesPanel({
  codes,
  accountEmail,
  onDone,
}: {
  codes: readonly string[];
  accountEmail: string;
  onDone: () => void;
}) {
  const [isSaved, setSaved] = useState(false);
  const text = recoveryCodesFileText(codes, accountEmail);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      await showToast({ text: RecoveryCodesText.Copied, type: 'success' });
    } catch {
      await showToast({ text: RecoveryCodesText.NotCopied, type: 'warning' });
    }
  }

  return (
    <Alert color="orange" variant="light" title={RecoveryCodesText.Heading}>
      <Stack gap="sm">
        <Text size="sm">{RecoveryCodesText.Intro}</Text>
        <SimpleGrid cols={2} spacing="xs" maw={360} component="ul" aria-label="Recovery codes" p={0} m={0}>
          {codes.map((code) => (
            <Code key={code} component="li" fz="sm" style={{ listStyle: 'none', whiteSpace: 'nowrap' }}>
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => void copy()}>
            {RecoveryCodesText.Copy}
          </Button>
          <Button variant="default" size="xs" onClick={() => download(text)}>
            {RecoveryCodesText.Download}
          </Button>
        </Group>
        <Checkbox label={RecoveryCodesText.Saved} isChecked={isSaved} onChange={setSaved} />
        <Group>
          <Button disabled={!isSaved} onClick={onDone}>
            {RecoveryCodesText.Done}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
