import type { SessionUser } from '@portico/contracts/access/session-user';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { failure, ok, type StubbedAnswer } from './fetch-stub';

// A 1×1 transparent PNG, the shape GET /api/logo answers.
export const tinyPngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// What the server answers a signed-in browser: the user, the session check, permissions, merchants.
export function signedInAnswers(user: SessionUser = buildSessionUser()): Record<string, StubbedAnswer> {
  const answers: Record<string, StubbedAnswer> = {
    '/api/user': ok(user),
    '/authenticated': ok(true),
    '/api/client/my-clients': ok([]),
    '/api/logo': ok(tinyPngBase64),
    '/logout': ok(true),
  };
  const clientId = user.account.default_client?.id;
  if (clientId) answers[`/api/rbac/${clientId}/permissions`] = ok([{ name: 'Reports' }]);
  return answers;
}

export const signedOutAnswers: Record<string, StubbedAnswer> = {
  '/api/user': failure(401, 'UNAUTHENTICATED', 'Sign in to continue'),
  '/authenticated': ok(false),
  '/api/auth/providers': ok([]),
  '/api/dev/mailbox': failure(404, 'ROUTE_NOT_FOUND', 'Not found'),
};

export const internalAdmin = buildSessionUser({ user_type: 'admin', email: 'admin@portico.example' });
