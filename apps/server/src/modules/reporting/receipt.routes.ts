import { Permission } from '@portico/contracts/access/permission-names';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import { receiptQuery, receiptResponse } from '@portico/contracts/transactions/receipt';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { receiptOf } from './receipt.service';

// The report's roles and permission: a receipt is one row of the caller's report.
const receiptRoles = ['admin', 'user', 'parent'] as const;

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/receipt',
    {
      config: { access: { kind: 'authenticated', roles: receiptRoles, permission: Permission.Reports } },
      schema: {
        tags: ['reporting'],
        summary: 'Printable receipt of one transaction of the caller’s report (the /receipt?id= page)',
        querystring: receiptQuery,
        response: {
          200: receiptResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request) => ({
      status: true as const,
      message: await receiptOf(app.db, callerOf(request), request.query.id),
    }),
  );
};
