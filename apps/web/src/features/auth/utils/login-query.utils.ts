// What the server's social sign-in round trip asks the login page to show (query of /app/login,
// contracts/auth/social-sign-in): ?notice=verify-email, ?link=<method>, ?error=<reason>.

export const existingSignInMethods = ['email', 'google', 'microsoft'] as const;
export type ExistingSignInMethod = (typeof existingSignInMethods)[number];

export type LoginPageNotice =
  | { kind: 'none' }
  | { kind: 'confirmation-sent' }
  | { kind: 'retry-with-method'; method: ExistingSignInMethod }
  | { kind: 'not-recognized' }
  | { kind: 'failed' };

export const LOGIN_NOTICE_QUERY_KEYS = ['notice', 'link', 'error'] as const;

function isExistingSignInMethod(value: string): value is ExistingSignInMethod {
  return existingSignInMethods.some((method) => method === value);
}

export function loginPageNoticeFromQuery(search: URLSearchParams): LoginPageNotice {
  const error = search.get('error');
  if (error === 'not-recognized') return { kind: 'not-recognized' };
  // 'state', 'failed' and any reason a newer server may add.
  if (error !== null) return { kind: 'failed' };
  const link = search.get('link');
  if (link !== null) {
    return isExistingSignInMethod(link) ? { kind: 'retry-with-method', method: link } : { kind: 'failed' };
  }
  if (search.get('notice') === 'verify-email') return { kind: 'confirmation-sent' };
  return { kind: 'none' };
}

export function withoutLoginNoticeQuery(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  for (const key of LOGIN_NOTICE_QUERY_KEYS) rest.delete(key);
  return rest;
}

export function hasLoginNoticeQuery(search: URLSearchParams): boolean {
  return LOGIN_NOTICE_QUERY_KEYS.some((key) => search.has(key));
}

const signInMethodNames: Record<ExistingSignInMethod, string> = {
  email: 'an email login link',
  google: 'Google',
  microsoft: 'Microsoft',
};

export function signInMethodName(method: ExistingSignInMethod): string {
  return signInMethodNames[method];
}
