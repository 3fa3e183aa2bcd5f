import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type RecordHeaderProps = {
  // Status badges above the title, if any.
  badges?: ReactNode;
  title: string;
  // The dimmed line below the title (level, parent, last activity); left out when null.
  subtitle?: ReactNode;
  // The menus and the Edit and Save buttons.
  children: ReactNode;
};

// The head of a record page (the account and enrollment pages): its title with badges and a line of
// facts on the left, its menus and buttons on the right, wrapping on narrow screens.
export function RecordHeader({ badges, title, subtitle, children }: RecordHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
      <Stack gap={4}>
        {badges ? <Group gap="xs">{badges}</Group> : null}
        <Title order={1}>{title}</Title>
        {subtitle ? (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}
