export const authKeys = {
  all: ['auth'] as const,
  // GET /api/user and POST /authenticated: the session itself, kept across sign-out.
  session: () => [...authKeys.all, 'session'] as const,
  sessionUser: () => [...authKeys.session(), 'user'] as const,
  authenticated: () => [...authKeys.session(), 'authenticated'] as const,
  merchantPermissions: (clientId: string) => [...authKeys.all, 'merchant-permissions', clientId] as const,
  myClients: () => [...authKeys.all, 'my-clients'] as const,
  socialProviders: () => [...authKeys.all, 'social-providers'] as const,
  devMailbox: () => [...authKeys.all, 'dev-mailbox'] as const,
  // The sign-in waiting for its second factor (not part of the session: it is no sign-in yet).
  secondFactorChallenge: () => [...authKeys.all, 'second-factor-challenge'] as const,
};
