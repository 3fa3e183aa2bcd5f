import { Stack, Text, Title } from '@mantine/core';

// The welcome page of spec 1 §2.3 (social buttons, e-mail link) comes with the sign-in issue.
export function LoginPage() {
  return (
    <Stack gap="xs" align="center">
      <Title order={2} ta="center">
        Welcome to Portico
      </Title>
      <Text c="dimmed" ta="center">
        Sign-in arrives with the sign-in issue
      </Text>
    </Stack>
  );
}
