import type { SignInResult } from '@portico/contracts/auth/sign-in';

// The sign-in link page waits 1 second before completing the sign-in.
export const SSO_SIGN_IN_DELAY_MS = 1000;

// continueUrl carries the address the link was sent to: '/app/sso?email=…', absolute or relative.
// Anything unreadable counts as no address, and the page asks for it.
export function emailFromContinueUrl(continueUrl: string | null, origin: string): string | null {
  if (!continueUrl) return null;
  let url: URL;
  try {
    url = new URL(continueUrl, origin);
  } catch {
    return null;
  }
  const email = url.searchParams.get('email')?.trim();
  return email ? email : null;
}

export type AfterLinkSignIn = 'home' | 'not-recognized';

// After sign-in, a client id (or the admin type) opens the portal; anyone else is not recognised
// (the server started no session for them).
export function destinationAfterLinkSignIn(
  result: Pick<SignInResult, 'clientid' | 'utype'>,
): AfterLinkSignIn {
  return result.clientid !== null || result.utype === 'admin' ? 'home' : 'not-recognized';
}
