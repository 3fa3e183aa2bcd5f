import {
  ViewAsText,
  viewAsStartBody,
  viewAsStartResponse,
  viewAsStopBody,
  viewAsStopResponse,
} from '@portico/contracts/access/view-as-session';
import { userTypes } from '@portico/contracts/auth/roles';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOfSession } from '../../access/audit-actor';
import { canViewAs, mayViewAsAClient } from '../../access/merchant-scope';
import type { RouteAccess } from '../../access/route-access';
import { clients } from '../../db/schema/clients';
import { defineErrors } from '../../lib/app-error';
import { recordAudit, requestOrigin } from '../../lib/audit';

export const ViewAsError = defineErrors({ NotAllowed: ['VIEW_AS_NOT_ALLOWED', 'forbidden'] });

// The caller's own role decides (mayViewAsAClient), not the acting one: a call made while viewing
// as a client carries viewAs and acts as user, so every role may reach the route.
const viewAsAccess: RouteAccess = { kind: 'authenticated', roles: userTypes, mimicSession: 'refused' };

// Starting and stopping a view-as are checked and audited here; the calls made
// while viewing carry viewAs and are checked one by one by the access layer.
export const viewAsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/view-as',
    {
      config: { access: viewAsAccess },
      schema: {
        tags: ['access'],
        summary: 'Start viewing the portal as a client (staff: any; a parent: its hierarchy)',
        body: viewAsStartBody,
        response: { 200: viewAsStartResponse, 403: errorEnvelope },
      },
    },
    async (request) => {
      const session = request.requireSession();
      const clientId = request.body.client_id.toLowerCase();
      const isAllowed = mayViewAsAClient(session.role) && (await canViewAs(app.db, session, clientId));
      const [client] = isAllowed
        ? await app.db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId))
        : [];
      await recordAudit(app.db, {
        action: 'view_as',
        outcome: client ? 'success' : 'denied',
        ...auditActorOfSession(session, requestOrigin(request)),
        targetType: 'client',
        targetId: clientId,
        clientId: client ? clientId : null,
        details: { stage: 'start' },
      });
      if (!client) throw ViewAsError.NotAllowed(ViewAsText.NotAllowed);
      return { status: true as const, message: { client_id: clientId, name: client.name } };
    },
  );

  app.post(
    '/api/view-as/stop',
    {
      config: { access: viewAsAccess },
      schema: {
        tags: ['access'],
        summary: 'Record the end of a view-as',
        body: viewAsStopBody,
        response: { 200: viewAsStopResponse, 403: errorEnvelope },
      },
    },
    async (request) => {
      const session = request.requireSession();
      if (!mayViewAsAClient(session.role)) throw ViewAsError.NotAllowed(ViewAsText.NotAllowed);
      const clientId = request.body.client_id.toLowerCase();
      await recordAudit(app.db, {
        action: 'view_as',
        outcome: 'success',
        ...auditActorOfSession(session, requestOrigin(request)),
        targetType: 'client',
        targetId: clientId,
        clientId,
        details: { stage: 'stop' },
      });
      return { status: true as const, message: true as const };
    },
  );
};
