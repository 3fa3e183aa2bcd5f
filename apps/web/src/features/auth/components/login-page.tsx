import { Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../components/toasts';
import { useDevMailbox } from '../api/get-dev-mailbox';
import { isSocialProviderId, useSocialProviders } from '../api/get-social-providers';
import {
  type ExistingSignInMethod,
  hasLoginNoticeQuery,
  type LoginPageNotice,
  loginPageNoticeFromQuery,
  withoutLoginNoticeQuery,
} from '../utils/login-query.utils';
import { rememberPendingLink } from '../utils/pending-link';
import { SignInToastText } from '../utils/sign-in-errors.utils';
import { LoginEmailForm, useSendLoginLink } from './login-email-form';
import type { LoginModal } from './login-modals';
import { SocialSignInButtons } from './social-sign-in-buttons';

const LoginModals = lazy(() => import('./login-modals').then((m) => ({ default: m.LoginModals })));

function modalForNotice(notice: LoginPageNotice): LoginModal {
  if (notice.kind === 'confirmation-sent') return 'confirmation-sent';
  if (notice.kind === 'retry-with-method') return 'retry';
  return 'none';
}

// The welcome page: social buttons, the e-mail login link, Sign Up, and what the social
// sign-in round trip came back to say (query of /app/login).
export function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [notice] = useState(() => loginPageNoticeFromQuery(searchParams));
  const [openModal, setOpenModal] = useState<LoginModal>(() => modalForNotice(notice));
  // Once loaded the modals stay mounted, so closing one still plays its hide animation.
  const [hasModals, setHasModals] = useState(openModal !== 'none');
  if (openModal !== 'none' && !hasModals) setHasModals(true);
  const [emailEntryError, setEmailEntryError] = useState<string | null>(null);
  const providers = useSocialProviders();
  const loginLink = useSendLoginLink();
  useNoticeToastOnce(notice);

  // The notice is read once; the address bar drops it so a reload does not repeat it.
  useEffect(() => {
    if (hasLoginNoticeQuery(searchParams))
      setSearchParams(withoutLoginNoticeQuery(searchParams), { replace: true });
  }, [searchParams, setSearchParams]);

  function continueWithExistingMethod(method: ExistingSignInMethod) {
    rememberPendingLink(method);
    if (method === 'email') {
      setOpenModal('email-entry');
      return;
    }
    const provider = providers.data?.find((candidate) => candidate.id === method);
    const startUrl = provider?.startUrl ?? (isSocialProviderId(method) ? `/auth/oidc/${method}/start` : null);
    if (startUrl) window.location.assign(startUrl);
  }

  const closeModal = () => setOpenModal('none');

  return (
    <Stack gap="lg">
      <Stack gap={4} align="center">
        <Title order={1} size="h2" ta="center">
          Welcome
        </Title>
        <Text c="dimmed" ta="center" size="sm">
          Sign in to your Portico back office
        </Text>
      </Stack>
      <SocialSignInButtons />
      {providers.data && providers.data.length > 0 && (
        <Divider label="or use your email" labelPosition="center" />
      )}
      <LoginEmailForm />
      <PasskeySignInButton />
      <Text size="sm" ta="center">
        {"Don't have an account? "}
        <Anchor component={Link} to="/sign-up" fw={600}>
          Sign Up
        </Anchor>
      </Text>
      <DevMailboxLink />

      {hasModals && (
        <Suspense fallback={null}>
          <LoginModals
            openModal={openModal}
            onClose={closeModal}
            retryMethod={notice.kind === 'retry-with-method' ? notice.method : null}
            onContinueWithExistingMethod={continueWithExistingMethod}
            onSendLoginLink={(email) => loginLink.send(email, setEmailEntryError, closeModal)}
            isSendingLoginLink={loginLink.isSending}
            emailEntryError={emailEntryError}
          />
        </Suspense>
      )}
    </Stack>
  );
}

// Passwordless: the button is all the first load carries; the WebAuthn library and the calls load on
// click.
function PasskeySignInButton() {
  const [isBusy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  async function signIn() {
    setBusy(true);
    try {
      const { runPasskeySignIn } = await import('./passkey-sign-in-flow');
      await runPasskeySignIn({ queryClient, navigate });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="default" loading={isBusy} onClick={() => void signIn()}>
      Sign in with a passkey
    </Button>
  );
}

// A failed social sign-in comes back as a toast, shown once even in StrictMode.
function useNoticeToastOnce(notice: LoginPageNotice) {
  const hasShown = useRef(false);
  useEffect(() => {
    if (hasShown.current) return;
    hasShown.current = true;
    if (notice.kind === 'not-recognized')
      void showToast({ text: SignInToastText.NotRecognized, type: 'danger' });
    if (notice.kind === 'failed') void showToast({ text: SignInToastText.Failed, type: 'danger' });
  }, [notice]);
}

// Shown only where the server keeps a development mailbox (development without SMTP).
function DevMailboxLink() {
  const mailbox = useDevMailbox();
  if (!mailbox.isSuccess) return null;
  return (
    <Text size="xs" c="dimmed" ta="center">
      {'No SMTP configured: read sent e-mail in the '}
      <Anchor component={Link} to="/dev/mailbox" size="xs">
        development mailbox
      </Anchor>
    </Text>
  );
}
