import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { WebhookText } from '@portico/contracts/developers/webhooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';

type SecretOnceBoxProps = { secret: string; onDone: () => void; doneLabel?: string };

// The whole signing secret, the one time the server answers it: a box to copy from and the sentence
// that it will not be shown again. The page forgets it on Done; afterwards only the masked form shows.
export function SecretOnceBox({ secret, onDone, doneLabel = 'Done' }: SecretOnceBoxProps) {
  return (
    <Stack gap="sm">
      <Alert color="orange" variant="light" title={WebhookText.SecretLabel}>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {WebhookText.SecretShownOnce}
          </Text>
          <Code
            block
            data-testid="signing-secret"
            aria-label={WebhookText.SecretLabel}
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          >
            {secret}
          </Code>
          <Group gap="xs">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant={copied ? 'filled' : 'light'}
                  leftSection={
                    copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? WebhookText.SecretCopied : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
