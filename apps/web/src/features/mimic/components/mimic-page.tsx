import { Alert, Anchor, Button, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { MimicText } from '@portico/contracts/access/mimic';
import { canOpenEnrollPage } from '@portico/contracts/access/permissions';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { stopViewingAs } from '../../../lib/auth/view-as';
import { portalEnv } from '../../../lib/portal-env';
import { useCreateMimicLink } from '../api/post-mimic-link';
import { useOpenMimicSession } from '../api/post-mimic-session';
import { mimicTokenFromHash } from '../utils/mimic-link.utils';

// /mimic: an e-mail gives a single-use link; opening the link
// (this page with #mimic_token=…) turns the session into a marked one as that user. The token is
// kept once read: the address bar forgets it at once.
export function MimicPage() {
  const [token, setToken] = useState(() => mimicTokenFromHash(window.location.hash));
  useEffect(() => {
    // Clicking the shown link only changes the fragment: no page load, a hashchange.
    const onHashChange = () => {
      const next = mimicTokenFromHash(window.location.hash);
      if (next !== null) setToken(next);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return token === null ? <MimicLinkForm /> : <OpenMimicSession token={token} />;
}

function MimicLinkForm() {
  const { user } = useSignedInSession();
  const navigate = useNavigate();
  // The rule of the Enroll page (no restrictions, Permissions granted, or primary client).
  const isAllowed = canOpenEnrollPage(user, portalEnv.primaryClientId);
  const [email, setEmail] = useState('');
  const createLink = useCreateMimicLink();

  useEffect(() => {
    if (isAllowed) return;
    void showToast({ text: MimicText.NoPermission, type: 'danger' });
    void navigate('/', { replace: true });
  }, [isAllowed, navigate]);

  if (!isAllowed) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    createLink.mutate(
      { email: email.trim() },
      {
        onSuccess: () => void showToast({ text: MimicText.LinkGenerated, type: 'success' }),
        onError: () => void showToast({ text: MimicText.Failed, type: 'danger' }),
      },
    );
  }

  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Mimic</Title>
      <Text c="dimmed" size="sm">
        See the portal as one of your users. The link works once, for a few minutes, and only for you; every
        change made while mimicking is recorded under both names.
      </Text>
      <Paper component="form" withBorder p="md" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            type="email"
            label="Email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" loading={createLink.isPending} disabled={email.trim() === ''}>
            Submit
          </Button>
          {createLink.isSuccess && (
            <Anchor href={createLink.data} fw={600}>
              {MimicText.LinkLabel}
            </Anchor>
          )}
          {createLink.isError && (
            <Stack gap={2} role="alert">
              <Text fw={600} c="red.8">
                {MimicText.ApiError}
              </Text>
              {createLink.error instanceof ApiError && <Text size="sm">{createLink.error.message}</Text>}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

// Redeems the link once; a full page load follows so every cached answer belongs to the new session.
function OpenMimicSession({ token }: { token: string }) {
  const openSession = useOpenMimicSession();
  const { mutate } = openSession;
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (startedFor.current === token) return;
    startedFor.current = token;
    // The token leaves the address bar at once: a reload or a shared screen must not reuse it.
    window.history.replaceState(null, '', window.location.pathname);
    mutate(
      { token },
      {
        onSuccess: () => {
          stopViewingAs();
          window.location.assign(`${import.meta.env.BASE_URL}home`);
        },
      },
    );
  }, [token, mutate]);

  if (openSession.isError) {
    const message = openSession.error instanceof ApiError ? openSession.error.message : MimicText.Failed;
    return (
      <Stack gap="md" maw={560}>
        <Title order={1}>Mimic</Title>
        <Alert color="red" title={MimicText.Failed} role="alert">
          {message}
        </Alert>
        <Anchor href={`${import.meta.env.BASE_URL}mimic`}>Make a new mimic link</Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>Mimic</Title>
      <Loader size="sm" aria-hidden />
      <Text role="status">Opening the mimic session…</Text>
    </Stack>
  );
}
