import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useCurrentRoute } from '../current-route';

// Stands in for every page of the route table that a later issue builds.
export function PlaceholderPage() {
  const title = useCurrentRoute()?.title ?? 'This page';

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconTools size={28} aria-hidden />
          </ThemeIcon>
          <Text fw={600} size="lg" ta="center">
            {`${title} — this page is being built`}
          </Text>
          <Text c="dimmed" size="sm" ta="center">
            It arrives with a later release of Portico.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
