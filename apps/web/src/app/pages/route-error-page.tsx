import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportClientError } from '../../lib/client-errors';
import { isChunkLoadError } from '../chunk-load.utils';

function reloadPage() {
  window.location.reload();
}

// Route-level boundary: a failed page keeps the layout around it, a failed layout keeps the app.
export function RouteErrorPage() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  // A missing page is not a fault; anything else is reported with the release.
  useEffect(() => {
    if (!isNotFound) reportClientError('route', error);
  }, [error, isNotFound]);

  if (isChunkLoadError(error)) {
    return (
      <ErrorPanel
        title="Loading chunk failed"
        text="Part of Portico could not be downloaded. This happens after an update or when the connection drops; reloading fetches the latest version."
      >
        <Button onClick={reloadPage}>Reload</Button>
      </ErrorPanel>
    );
  }

  if (isNotFound) {
    return (
      <ErrorPanel title="Page not found" text="There is no page at this address.">
        <Button component={Link} to="/home">
          Go to Home
        </Button>
      </ErrorPanel>
    );
  }

  return (
    <ErrorPanel
      title="Something went wrong"
      text="This page stopped because of an unexpected error. Reload to try again; if it keeps happening, contact support."
    >
      <Group>
        <Button onClick={reloadPage}>Reload</Button>
        <Button component={Link} to="/home" variant="default">
          Go to Home
        </Button>
      </Group>
    </ErrorPanel>
  );
}

type ErrorPanelProps = { title: string; text: string; children: ReactNode };

function ErrorPanel({ title, text, children }: ErrorPanelProps) {
  return (
    <Center py="xl" px="md">
      <Paper role="alert" withBorder p="xl" radius="md" maw={560} w="100%">
        <Stack align="flex-start" gap="sm">
          <Title order={2}>{title}</Title>
          <Text>{text}</Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
