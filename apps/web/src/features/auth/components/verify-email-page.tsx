import { Button, Stack, Text, Title } from '@mantine/core';
import { portalLoginPath } from '@portico/contracts/access/routes';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { showToast } from '../../../components/toasts';
import { useVerifyEmail } from '../api/post-verify-email';
import { errorTextForSignIn, SignInToastText, signInFailureOf } from '../utils/sign-in-errors.utils';

// /verify-email?oobCode=…&mode=…: mode signIn forwards to /sso with the same query;
// mode verifyEmail confirms the address of a social sign-in.
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const token = searchParams.get('oobCode')?.trim() || null;

  if (mode === 'signIn') return <Navigate to={{ pathname: '/sso', search: `?${searchParams}` }} replace />;
  if (mode === 'verifyEmail' && token !== null) return <EmailVerification token={token} />;
  return (
    <Stack gap="sm" align="center" ta="center">
      <Title order={1} size="h3">
        This link is not valid
      </Title>
      <Text size="sm" c="dimmed">
        It may be incomplete. Ask for a new login link on the sign-in page.
      </Text>
      <Button component={Link} to={portalLoginPath}>
        Go to sign in
      </Button>
    </Stack>
  );
}

function EmailVerification({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    verify.mutate(
      { token },
      {
        onSuccess: () => void showToast({ text: SignInToastText.EmailVerified, type: 'success' }),
        onError: (error) =>
          void showToast({ text: errorTextForSignIn(signInFailureOf(error)), type: 'danger' }),
        onSettled: () => void navigate(portalLoginPath, { replace: true }),
      },
    );
  }, [token, verify, navigate]);

  return (
    <Stack align="center" py="md">
      <Spinner label="Verifying your email" isLabelVisible size="lg" />
    </Stack>
  );
}
