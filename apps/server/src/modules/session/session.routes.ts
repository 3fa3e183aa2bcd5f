import { authenticatedResponse, logoutResponse } from '@portico/contracts/auth/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccessReadingSession } from '../../access/route-access';
import { recordAudit, requestOrigin } from '../../lib/audit';
import { endSession } from './session.service';

// The caller's own session: processor-audit users check and end theirs like anyone.
const ownSessionAccess = { ...publicAccessReadingSession, processorAudit: 'allowed' } as const;

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authenticated',
    {
      config: { access: ownSessionAccess },
      schema: {
        tags: ['auth'],
        summary: 'Whether the session cookie names a live session (never 401)',
        response: { 200: authenticatedResponse },
      },
    },
    async (request) => ({ status: true as const, message: request.session !== null }),
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
