import {
  mimicLinkRequestBody,
  mimicLinkResponse,
  mimicLinkValidMinutes,
  mimicSessionBody,
  mimicStateResponse,
} from '@portico/contracts/access/mimic';
import { Permission } from '@portico/contracts/access/permission-names';
import { userTypes } from '@portico/contracts/auth/roles';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import { createMimicLink, mimicStateOf, openMimicSession, stopMimicSession } from './mimic.service';

export type MimicRoutesOptions = { publicUrl: string };

// Mimic is offered to admin, alpha and parent with Permissions; the server decides whom
// each may mimic (mimic.rules). Never from a mimic session, and with the second factor proved within
// the step-up window: a mimic session acts as someone else.
const mimicAccess: RouteAccess = {
  kind: 'authenticated',
  roles: ['admin', 'parent', 'alpha'],
  permission: Permission.Permissions,
  mimicSession: 'refused',
  stepUp: 'required',
};
const mimicRedeemAccess: RouteAccess = {
  kind: 'authenticated',
  roles: ['admin', 'parent', 'alpha'],
  mimicSession: 'refused',
};
// Anyone may ask whether their session is a mimic one, and end it: a mimicked processor-audit user's
// session too.
const ownMimicSessionAccess: RouteAccess = {
  kind: 'authenticated',
  roles: userTypes,
  processorAudit: 'allowed',
};

export const mimicRoutes: FastifyPluginAsyncZod<MimicRoutesOptions> = async (app, opts) => {
  const deps = { db: app.db, publicUrl: opts.publicUrl, linkValidMinutes: mimicLinkValidMinutes };

  app.post(
    '/api/loginlink',
    {
      config: { access: mimicAccess },
      schema: {
        tags: ['mimic'],
        summary: 'A single-use, short-lived link that opens a marked session as the user',
        body: mimicLinkRequestBody,
        response: { 200: mimicLinkResponse, 400: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await createMimicLink(deps, callerOf(request), request.body.email),
    }),
  );

  app.post(
    '/api/mimic/session',
    {
      config: { access: mimicRedeemAccess },
      schema: {
        tags: ['mimic'],
        summary: 'Redeem a mimic link: the staff session is replaced by a marked session as the user',
        body: mimicSessionBody,
        response: { 200: mimicStateResponse, 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const opened = await openMimicSession(deps, caller, request.body.token);
      app.sessionCookies.set(reply, opened.token);
      return {
        status: true as const,
        message: { mimicking: { email: opened.email, by_email: caller.session.email } },
      };
    },
  );

  app.post(
    '/api/mimic/stop',
    {
      config: { access: ownMimicSessionAccess },
      schema: {
        tags: ['mimic'],
        summary: 'End the mimic session and return to the staff session',
        response: { 200: mimicStateResponse, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const back = await stopMimicSession(deps, request.requireSession(), requestOrigin(request));
      app.sessionCookies.set(reply, back.token);
      return { status: true as const, message: { mimicking: null } };
    },
  );

  app.get(
    '/api/mimic/session',
    {
      config: { access: ownMimicSessionAccess },
      schema: {
        tags: ['mimic'],
        summary: 'Whether this session mimics a user, and who is behind it',
        response: { 200: mimicStateResponse },
      },
    },
    async (request) => ({
      status: true as const,
      message: await mimicStateOf(app.db, request.requireSession()),
    }),
  );
};
