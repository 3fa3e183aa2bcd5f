import { portalDefaultPath } from '@portico/contracts/access/routes';
import { PasskeyText } from '@portico/contracts/auth/passkeys';
import { signInResult } from '@portico/contracts/auth/sign-in';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { showToast } from '../../../components/toasts';
import { apiRequest } from '../../../lib/api-client';
import { getPasskeyAssertion } from '../../../lib/webauthn/passkey-ceremony';
import { passkeyErrorText } from '../../../lib/webauthn/passkey-error-text';
import { authKeys } from '../api/keys';
import { SignInToastText } from '../utils/sign-in-errors.utils';
import { destinationAfterLinkSignIn } from '../utils/sso.utils';

// Loaded only when someone clicks "Sign in with a passkey" (the login page's first load has a
// budget). Any passkey of the portal may answer: the browser lists the ones it holds. The passkey
// with the device's own check is the whole sign-in, so Home comes next, never the second factor.
export async function runPasskeySignIn(input: { queryClient: QueryClient; navigate: NavigateFunction }) {
  try {
    const response = await getPasskeyAssertion('/api/auth/passkey/options');
    const result = await apiRequest('/api/auth/passkey/sign-in', {
      method: 'POST',
      body: { response },
      schema: signInResult,
    });
    if (destinationAfterLinkSignIn(result) === 'not-recognized') {
      void showToast({ text: SignInToastText.NotRecognized, type: 'danger' });
      return;
    }
    input.queryClient.removeQueries({ queryKey: authKeys.session() });
    input.queryClient.setQueryData(authKeys.authenticated(), true);
    void input.navigate(portalDefaultPath, { replace: true });
  } catch (failure) {
    void showToast({ text: passkeyErrorText(failure, PasskeyText.NotVerified), type: 'danger' });
  }
}
