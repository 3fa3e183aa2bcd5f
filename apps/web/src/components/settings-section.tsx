import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type SettingsSectionProps = {
  title: string;
  // One line saying what the section is for, under its title.
  description?: string;
  children: ReactNode;
};

// One part of the Settings page: a titled region, so a screen reader lists each part by name.
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
