import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

export const CodeFormText = {
  Label: 'Code from your authenticator app',
  Required: 'Enter the 6-digit code.',
  Cancel: 'Cancel',
} as const;

// One 6-digit code from the app, asked before a change to the second factor.
export function CodeForm({
  intro,
  submitLabel,
  isSubmitting,
  error,
  onSubmit,
  onCancel,
  isDanger = false,
}: {
  intro: string;
  submitLabel: string;
  isSubmitting: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
  isDanger?: boolean;
}) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    setMissing(typed === '');
    if (typed !== '') onSubmit(typed);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" maw={360}>
        <Text size="sm">{intro}</Text>
        <TextInput
          label={CodeFormText.Label}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={missing ? CodeFormText.Required : error}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
        />
        <Group gap="xs">
          <Button type="submit" loading={isSubmitting} color={isDanger ? 'red' : undefined}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {CodeFormText.Cancel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
