import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { portalLoginPath, portalSecondFactorPath } from '@portico/contracts/access/routes';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { isSecondFactorRequired, useSessionUser } from '../../features/auth/api/get-session-user';
import { SignedInSessionScope } from '../../features/auth/components/signed-in-session';

// The user is fetched on arrival; with no user the visitor goes to /login, and a sign-in waiting for
// its second factor to the code page.
export function SignedInBoundary() {
  const sessionUser = useSessionUser();

  if (sessionUser.isPending) return <PageLoader />;
  if (isSecondFactorRequired(sessionUser.error)) return <Navigate to={portalSecondFactorPath} replace />;
  if (sessionUser.isError) {
    return (
      <Center py="xl" px="md" mih="60vh">
        <Paper role="alert" withBorder p="xl" radius="md" maw={480} w="100%">
          <Stack align="flex-start" gap="sm">
            <Title order={2}>Portico could not load your account</Title>
            <Text>{sessionUser.error.message}</Text>
            <Button onClick={() => sessionUser.refetch()} loading={sessionUser.isFetching}>
              Try again
            </Button>
          </Stack>
        </Paper>
      </Center>
    );
  }
  if (sessionUser.data === null) return <Navigate to={portalLoginPath} replace />;

  return (
    <SignedInSessionScope user={sessionUser.data}>
      <Outlet />
    </SignedInSessionScope>
  );
}
