import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();

  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="flex-start" gap="sm">
        <Title order={1}>Page not found</Title>
        <Text>{`There is no page at ${pathname}.`}</Text>
        <Text c="dimmed" size="sm">
          Check the address, or pick an area from the menu.
        </Text>
        <Button component={Link} to="/home" mt="sm">
          Go to Home
        </Button>
      </Stack>
    </Paper>
  );
}
