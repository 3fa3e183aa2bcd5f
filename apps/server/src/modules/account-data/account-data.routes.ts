import { accountDataQuery, accountDataResponse } from '@portico/contracts/account-data/account-data';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountData } from './account-data.service';

// The account data page is the provider's staff view of an account (route table: admin, healnow).
const staffRoles = ['admin', 'healnow'] as const;

export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account-data',
    {
      config: {
        access: { kind: 'authenticated', roles: staffRoles, merchant: { from: 'query', key: 'id' } },
      },
      schema: {
        tags: ['accounts'],
        summary: 'The account data page record; sensitive values masked',
        querystring: accountDataQuery,
        response: {
          200: accountDataResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request) => ({ status: true as const, message: await accountData(app.db, request.query.id) }),
  );
};
