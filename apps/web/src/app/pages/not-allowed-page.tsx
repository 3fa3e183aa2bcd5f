import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { filterMenu } from '@portico/contracts/access/menu';
import { decideRouteAccess, findPortalRouteForPathname } from '@portico/contracts/access/routes';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type SignedInSession, useSignedInSession } from '../../lib/auth/session-context';
import { portalEnv } from '../../lib/portal-env';

// The first menu entry the acting role may open: where a refused visitor can go instead.
function firstAllowedMenuEntry(session: SignedInSession) {
  const menu = filterMenu({
    user: session.user,
    permissionsState: session.permissionsState,
    providerDomain: portalEnv.providerDomain,
    partnerDomains: portalEnv.partnerDomains,
    isViewingAs: session.isViewingAs,
  });
  return menu.find((entry) => {
    const route = findPortalRouteForPathname(entry.path);
    return route !== undefined && decideRouteAccess(route.access, session.actingRole) === 'allow';
  });
}

type NotAllowedPageProps = { title: string };

export function NotAllowedPage({ title }: NotAllowedPageProps) {
  const session = useSignedInSession();
  const destination = firstAllowedMenuEntry(session);

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
