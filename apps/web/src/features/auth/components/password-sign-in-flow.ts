import { portalDefaultPath, portalSecondFactorPath } from '@portico/contracts/access/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { showToast } from '../../../components/toasts';
import { authKeys } from '../api/keys';
import { postPasswordSignIn } from '../api/post-password-sign-in';
import { errorTextForSignIn, SignInToastText, signInFailureOf } from '../utils/sign-in-errors.utils';
import { destinationAfterLinkSignIn } from '../utils/sso.utils';

export type PasswordErrorTargets = {
  onEmailError: (text: string | null) => void;
  onPasswordError: (text: string | null) => void;
};

// Loaded only when someone signs in with a password (the login page's first load has a budget).
// POST /api/auth/password/sign-in, then on to Home as after a link sign-in. A wrong combination shows
// under the password; an address not proved yet is a danger toast, as the product has it.
export async function runPasswordSignIn(input: {
  email: string;
  password: string;
  queryClient: QueryClient;
  navigate: NavigateFunction;
  targets: PasswordErrorTargets;
}): Promise<void> {
  try {
    const result = await postPasswordSignIn({ email: input.email, password: input.password });
    if (destinationAfterLinkSignIn(result) === 'not-recognized') {
      void showToast({ text: SignInToastText.NotRecognized, type: 'danger' });
      return;
    }
    // The password is the first factor only: the authenticator's code comes next when there is one.
    if (result.second_factor_required === true) {
      void input.navigate(portalSecondFactorPath, { replace: true });
      return;
    }
    input.queryClient.removeQueries({ queryKey: authKeys.session() });
    input.queryClient.setQueryData(authKeys.authenticated(), true);
    void input.navigate(portalDefaultPath, { replace: true });
  } catch (failure) {
    const signInFailure = signInFailureOf(failure);
    const text = errorTextForSignIn(signInFailure);
    if (signInFailure.code === 'EMAIL_REQUIRED' || signInFailure.code === 'EMAIL_NOT_VALID')
      input.targets.onEmailError(text);
    else if (signInFailure.code !== 'EMAIL_NOT_VERIFIED') input.targets.onPasswordError(text);
    void showToast({ text, type: 'danger' });
  }
}
