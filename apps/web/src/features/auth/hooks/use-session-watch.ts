import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { showToast } from '../../../components/toasts';
import { onSessionExpired } from '../../../lib/auth/session-expiry';
import { postAuthenticated } from '../api/post-authenticated';
import { SignInErrorText } from '../utils/sign-in-errors.utils';

// The router guard: every navigation inside the signed-in portal asks the server whether the
// session is still alive; when it is not (idle limit, logout in another tab) the portal signs out.
// The check does not hold the page back: every API call is authorised by the server anyway.
export function useAuthenticationCheckOnNavigation(onSignedOut: () => void): void {
  const { key } = useLocation();
  const isFirstLocation = useRef(true);
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger.
  useEffect(() => {
    // The user was fetched just now on arrival.
    if (isFirstLocation.current) {
      isFirstLocation.current = false;
      return;
    }
    const controller = new AbortController();
    postAuthenticated({ signal: controller.signal }).then(
      (isAuthenticated) => {
        if (!isAuthenticated) onSignedOutRef.current();
      },
      // Unreachable or cancelled: say nothing, the next call will tell.
      () => undefined,
    );
    return () => controller.abort();
  }, [key]);
}

// A 401 from any call while signed in: the session ended on the server.
export function useSignOutWhenSessionExpires(onSignedOut: () => void): void {
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  });

  useEffect(
    () =>
      onSessionExpired(() => {
        void showToast({ text: SignInErrorText.SessionExpired, type: 'danger' });
        onSignedOutRef.current();
      }),
    [],
  );
}
