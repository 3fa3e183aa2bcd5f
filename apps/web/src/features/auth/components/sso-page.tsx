import { Stack, Text } from '@mantine/core';
import { portalDefaultPath, portalLoginPath, portalSecondFactorPath } from '@portico/contracts/access/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { showToast } from '../../../components/toasts';
import { authKeys } from '../api/keys';
import { useSignInWithLink } from '../api/post-sign-in-with-link';
import {
  errorTextForSignIn,
  SignInErrorText,
  SignInToastText,
  signInFailureOf,
} from '../utils/sign-in-errors.utils';
import { destinationAfterLinkSignIn, emailFromContinueUrl, SSO_SIGN_IN_DELAY_MS } from '../utils/sso.utils';
import { EmailEntryModal } from './email-entry-modal';

// Errors about the typed address keep the e-mail entry modal open; anything else ends on /login.
const addressErrorCodes = new Set(['EMAIL_REQUIRED', 'EMAIL_NOT_VALID']);

// /sso: completes the e-mail link sign-in 1 second after arrival, with the address from
// continueUrl, or from the e-mail entry modal when the link was opened in another browser. Whatever
// the link holds, the page ends on Home or on /login with a toast: never blank, never a stack trace.
export function SsoPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('oobCode')?.trim() || null;
  const emailFromLink = emailFromContinueUrl(searchParams.get('continueUrl'), window.location.origin);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignInWithLink();
  const [isAskingForEmail, setAskingForEmail] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);

  const failAndReturnToLogin = (text: string) => {
    void showToast({ text, type: 'danger' });
    void navigate(portalLoginPath, { replace: true });
  };

  const completeSignIn = (linkToken: string, email: string) => {
    signIn.mutate(
      { token: linkToken, email },
      {
        onSuccess: (result) => {
          if (destinationAfterLinkSignIn(result) === 'not-recognized') {
            failAndReturnToLogin(SignInToastText.NotRecognized);
            return;
          }
          // The first factor only: the code from the authenticator app comes next.
          if (result.second_factor_required === true) {
            void navigate(portalSecondFactorPath, { replace: true });
            return;
          }
          // A new session: the user is fetched afresh by the signed-in part of the portal.
          queryClient.removeQueries({ queryKey: authKeys.session() });
          queryClient.setQueryData(authKeys.authenticated(), true);
          void navigate(portalDefaultPath, { replace: true });
        },
        onError: (error) => {
          const failure = signInFailureOf(error);
          if (isAskingForEmail && failure.code !== undefined && addressErrorCodes.has(failure.code)) {
            setEmailError(errorTextForSignIn(failure));
            return;
          }
          failAndReturnToLogin(errorTextForSignIn(failure));
        },
      },
    );
  };

  // Latest closure for the delayed start, without restarting the delay on every render.
  const startRef = useRef(() => {});
  startRef.current = () => {
    if (token === null) {
      failAndReturnToLogin(SignInErrorText.SessionExpired);
      return;
    }
    if (emailFromLink === null) {
      setAskingForEmail(true);
      return;
    }
    completeSignIn(token, emailFromLink);
  };

  useEffect(() => {
    // StrictMode's second mount clears the first timer, so the link is sent once.
    const timer = window.setTimeout(() => startRef.current(), SSO_SIGN_IN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Stack gap="md" align="center" py="md">
      <Spinner label="Signing you in" isLabelVisible size="lg" />
      <Text size="sm" c="dimmed" ta="center">
        {isAskingForEmail
          ? 'Confirm your email address to finish signing in.'
          : 'Completing the sign-in from your login link.'}
      </Text>
      <EmailEntryModal
        isOpen={isAskingForEmail}
        onClose={() => void navigate(portalLoginPath, { replace: true })}
        description="You received a login link at this address. Enter it to finish signing in in this browser."
        submitLabel="Sign in"
        isSubmitting={signIn.isPending}
        error={emailError}
        onSubmit={(email) => {
          if (token === null) return;
          if (email === '') {
            setEmailError(SignInErrorText.EmailRequired);
            return;
          }
          setEmailError(null);
          completeSignIn(token, email);
        }}
      />
    </Stack>
  );
}
