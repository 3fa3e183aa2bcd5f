import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSignedInSession } from '../../lib/auth/session-context';
import { usePortalMenu } from '../../lib/auth/use-portal-menu';

type NotAllowedPageProps = { title: string };

export function NotAllowedPage({ title }: NotAllowedPageProps) {
  const session = useSignedInSession();
  // Where a refused visitor can go instead: the first page of their menu. Every entry has its route
  // and opens for whoever it is shown to (menu.test.ts), so no further check is owed here.
  const destination = usePortalMenu()[0];

  return (
    <Paper withBorder p="xl" radius="md" role="alert">
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={44} radius="xl" variant="light" color="red">
          <IconLock size={24} aria-hidden />
        </ThemeIcon>
        <Title order={1}>Not allowed</Title>
        <Text>{`Your account does not give access to ${title}.`}</Text>
        <Text c="dimmed" size="sm">
          {session.isViewingAs
            ? 'While viewing as another client you act as a merchant user. Stop viewing as to see this page.'
            : 'If you need it for your work, ask an administrator of your account.'}
        </Text>
        {destination && (
          <Button component={Link} to={destination.path} mt="sm">
            {`Go to ${destination.title}`}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
