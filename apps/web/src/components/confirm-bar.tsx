import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmBarProps = {
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  // A destructive choice shows its button in red.
  isDanger?: boolean;
  // The confirmed action is running: both buttons wait.
  isConfirming?: boolean;
};

// The confirm bar: a question with its two answers, shown in place of the control that
// asked it.
export function ConfirmBar({
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  isDanger = false,
  isConfirming = false,
}: ConfirmBarProps) {
  return (
    <Paper
      role="group"
      aria-label="Confirmation"
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-color-orange-light)"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          {message}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onCancel} disabled={isConfirming}>
            {cancelLabel}
          </Button>
          <Button size="xs" color={isDanger ? 'red' : undefined} onClick={onConfirm} loading={isConfirming}>
            {confirmLabel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
