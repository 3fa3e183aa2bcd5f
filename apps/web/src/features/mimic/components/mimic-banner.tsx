import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../components/toasts';
import { useMimicSession } from '../api/get-mimic-session';
import { useStopMimicking } from '../api/post-mimic-stop';

// Every page of a mimic session says so, with Stop back to the staff session.
export function MimicBanner() {
  const state = useMimicSession();
  const stop = useStopMimicking();
  const [isLeaving, setIsLeaving] = useState(false);
  const mimicking = state.data?.mimicking;
  if (!mimicking) return null;

  function stopMimicking() {
    stop.mutate(undefined, {
      onSuccess: () => {
        setIsLeaving(true);
        // A full load: every cached answer belonged to the mimicked user.
        window.location.assign(`${import.meta.env.BASE_URL}home`);
      },
      onError: (error) => void showToast({ text: error.message, type: 'danger' }),
    });
  }

  return (
    <Paper
      role="region"
      aria-label="Mimic session"
      bg="var(--mantine-color-orange-light)"
      c="orange.9"
      px="md"
      py={6}
      mb="sm"
      radius="sm"
      data-testid="mimic-banner"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap" miw={0}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {`Viewing as ${mimicking.email}`}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {`Mimic session of ${mimicking.by_email}`}
          </Text>
        </Group>
        <Button
          size="compact-sm"
          color="orange.9"
          onClick={stopMimicking}
          loading={stop.isPending || isLeaving}
        >
          Stop
        </Button>
      </Group>
    </Paper>
  );
}
