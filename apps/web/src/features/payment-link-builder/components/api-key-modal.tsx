import { Button, Group, Stack, TextInput } from '@mantine/core';
import { LinkBuilderText } from '@portico/contracts/payment-links/link-builder';
import { useState } from 'react';
import { Modal } from '../../../components/modal';

type ApiKeyModalProps = {
  isOpen: boolean;
  onSubmit: (apiKey: string) => void;
  onClose: () => void;
};

// Without a key the builder asks for one ('Field is required'). The key stays in memory:
// never in the address, never in storage.
export function ApiKeyModal({ isOpen, onSubmit, onClose }: ApiKeyModalProps) {
  const [value, setValue] = useState('');
  const [hasTried, setHasTried] = useState(false);
  const isBlank = value.trim() === '';
  return (
    <Modal isOpen={isOpen} title="Enter your API key" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setHasTried(true);
          if (!isBlank) onSubmit(value.trim());
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="API Key"
            type="password"
            autoComplete="off"
            value={value}
            error={hasTried && isBlank ? LinkBuilderText.FieldRequired : undefined}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit">Continue</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
