import { Button, Group, Paper, Text } from '@mantine/core';
import { ViewAsText } from '@portico/contracts/access/view-as-session';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignedInSession } from '../../lib/auth/session-context';
import { stopViewAsSession } from '../../lib/auth/view-as-session';

// While viewing as a client every page says which, with Stop.
export function ViewAsBanner() {
  const { isViewingAs, viewAsClientId, myClients } = useSignedInSession();
  const navigate = useNavigate();
  const [isStopping, setIsStopping] = useState(false);
  if (!isViewingAs) return null;
  const viewedClientName = myClients?.find((client) => client.id === viewAsClientId)?.name;

  async function stop() {
    setIsStopping(true);
    try {
      await stopViewAsSession();
      await navigate('/home');
    } finally {
      setIsStopping(false);
    }
  }

  return (
    <Paper
      role="region"
      aria-label="View as"
      bg="var(--mantine-color-blue-light)"
      c="blue.9"
      px="md"
      py={6}
      mb="sm"
      radius="sm"
      data-testid="view-as-banner"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {`Viewing as ${viewedClientName ?? 'another client'}`}
        </Text>
        <Button size="compact-sm" onClick={() => void stop()} loading={isStopping}>
          {ViewAsText.Stop}
        </Button>
      </Group>
    </Paper>
  );
}
