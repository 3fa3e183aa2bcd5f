import { Stack, Text, Title } from '@mantine/core';
import { SystemStatusCard } from './system-status-card';

// The dashboard of spec 3 (metrics, charts, terminal tools) grows here in later issues.
export function HomePage() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Welcome to Portico</Title>
        <Text c="dimmed">The back office for your card and bank payments.</Text>
      </Stack>
      <SystemStatusCard />
    </Stack>
  );
}
