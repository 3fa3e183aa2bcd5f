import { ownSessionsResponse, signOutOthersResponse } from '@portico/contracts/auth/own-sessions';
import { userTypes } from '@portico/contracts/auth/roles';
import { authenticatedResponse, logoutResponse } from '@portico/contracts/auth/session';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccessReadingSession } from '../../access/route-access';
import { recordAudit, requestOrigin } from '../../lib/audit';
import { endSession, ownSessions, signOutOtherSessions } from './session.service';

// The caller's own session: processor-audit users check and end theirs like anyone.
const ownSessionAccess = { ...publicAccessReadingSession, processorAudit: 'allowed' } as const;
// The caller's own sign-ins, listed and ended from the Settings page, whatever the role.
const ownSignInsAccess = { kind: 'authenticated', roles: userTypes, processorAudit: 'allowed' } as const;

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

  app.get(
    '/api/user/sessions',
    {
      config: { access: ownSignInsAccess },
      schema: {
        tags: ['auth'],
        summary: "The caller's live sessions, the current one marked",
        response: { 200: ownSessionsResponse },
      },
    },
    async (request) => {
      const session = request.requireSession();
      return { status: true as const, message: await ownSessions(app.db, session.userId, session.sessionId) };
    },
  );

  app.post(
    '/api/user/sessions/sign-out-others',
    {
      config: { access: ownSignInsAccess },
      schema: {
        tags: ['auth'],
        summary: 'End every session of the caller but this one (not in a mimic session)',
        response: { 200: signOutOthersResponse, 403: errorEnvelope },
      },
    },
    async (request) => {
      const session = request.requireSession();
      const ended = await signOutOtherSessions(app.db, session);
      await recordAudit(app.db, {
        action: 'sign_out_others',
        outcome: 'success',
        actorUserId: session.userId,
        actorEmail: session.email,
        ...requestOrigin(request),
        details: { ended },
      });
      return { status: true as const, message: { ended } };
    },
  );
};
