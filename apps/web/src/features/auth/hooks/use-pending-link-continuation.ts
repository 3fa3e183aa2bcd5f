import { useEffect } from 'react';
import { showToast } from '../../../components/toasts';
import { postLinkContinue } from '../api/post-link-continue';
import { forgetPendingLink, hasPendingLink } from '../utils/pending-link';
import { errorTextForSignIn, signInFailureOf } from '../utils/sign-in-errors.utils';

const providerNames = { google: 'Google', microsoft: 'Microsoft' } as const;

// Linking a second sign-in method: after the user signed in with their existing method, the credential waiting in
// this browser is linked to their account. Runs once per sign-in: the flag is dropped before asking.
export function usePendingLinkContinuation(): void {
  useEffect(() => {
    if (!hasPendingLink()) return;
    forgetPendingLink();
    postLinkContinue().then(
      (linked) => {
        void showToast({
          text: `${providerNames[linked.provider]} sign-in was added to your account.`,
          type: 'success',
        });
      },
      (error: unknown) => {
        const failure = signInFailureOf(error);
        // The waiting credential expired (10 minutes) or was used: nothing left to link.
        if (failure.code === 'NO_PENDING_LINK') return;
        void showToast({ text: errorTextForSignIn(failure), type: 'danger' });
      },
    );
  }, []);
}
