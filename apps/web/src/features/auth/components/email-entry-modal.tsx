import { Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/modal';

export const EMAIL_ENTRY_MODAL_TITLE = 'Please enter your email here';

type EmailEntryModalProps = {
  isOpen: boolean;
  onClose: () => void;
  onSubmit: (email: string) => void;
  // What happens with the address (a login link will be received).
  description: string;
  submitLabel: string;
  isSubmitting?: boolean;
  error?: string | null;
};

// The e-mail entry modal: asks for the address when the portal does not have it (Continue
// of the retry modal, or a login link opened in another browser).
export function EmailEntryModal({
  isOpen,
  onClose,
  onSubmit,
  description,
  submitLabel,
  isSubmitting = false,
  error = null,
}: EmailEntryModalProps) {
  const [email, setEmail] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(email.trim());
  }

  return (
    <Modal isOpen={isOpen} title={EMAIL_ENTRY_MODAL_TITLE} onClose={onClose} onHidden={() => setEmail('')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{description}</Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
