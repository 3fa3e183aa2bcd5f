import { auditLogQuery, auditLogResponse } from '@portico/contracts/audit/audit-log';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../access/route-access';
import { readAuditLogPage } from './audit-log.service';

// Staff read the whole trail; a processor-audit admin reads it too (reads only).
export const auditLogAccess: RouteAccess = { kind: 'authenticated', roles: ['admin'] };

export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit-log',
    {
      config: { access: auditLogAccess },
      schema: {
        tags: ['audit'],
        summary: 'One page of the audit log, newest first, by actor, action, merchant and date',
        querystring: auditLogQuery,
        response: { 200: auditLogResponse, 400: errorEnvelope },
      },
    },
    async (request) => ({ status: true as const, message: await readAuditLogPage(app.db, request.query) }),
  );
};
