import { authenticatedResponse, logoutResponse } from '@portico/contracts/auth/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccessReadingSession } from '../../access/route-access';
import { recordAudit, requestOrigin } from '../../lib/audit';
import { endSession } from './session.service';

// The caller's own session: processor-audit users check and end theirs like anyone, and so does a
// session still waiting for its second factor.
const ownSessionAccess = {
  ...publicAccessReadingSession,
  processorAudit: 'allowed',
  secondFactorPending: 'allowed',
} as const;

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authenticated',
    {
      config: { access: ownSessionAccess },
      schema: {
        tags: ['auth'],
        summary: 'Whether the session cookie names a live, fully signed-in session (never 401)',
        response: { 200: authenticatedResponse },
      },
    },
    // A session waiting for its second factor is not signed in yet: the sign-in screens stay open to it.
    async (request) => ({
      status: true as const,
      message: request.session !== null && !request.session.isAwaitingSecondFactor,
    }),
  );

  app.post(
    '/logout',
    {
      config: { access: ownSessionAccess },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session and clear its cookie (idempotent)',
        response: { 200: logoutResponse },
      },
    },
    async (request, reply) => {
      const token = app.sessionCookies.read(request);
      if (token) {
        const ended = await endSession(app.db, token);
        if (ended) {
          await recordAudit(app.db, {
            action: 'sign_out',
            outcome: 'success',
            actorUserId: ended.userId,
            actorEmail: request.session?.email ?? null,
            ...requestOrigin(request),
          });
        }
      }
      app.sessionCookies.clear(reply);
      return { status: true as const, message: true as const };
    },
  );
};
