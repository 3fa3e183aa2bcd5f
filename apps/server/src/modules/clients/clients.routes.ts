import { userTypes } from '@portico/contracts/auth/roles';
import {
  clientQuery,
  clientResponse,
  userSubEntitiesParams,
  userSubEntitiesResponse,
} from '@portico/contracts/clients/client';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { readClient, userLocations } from './clients.service';

const errors = errorResponses(401, 403, 404);

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client',
    {
      config: { access: { kind: 'authenticated', roles: userTypes, merchant: { from: 'query', key: 'id' } } },
      schema: {
        tags: ['clients'],
        summary: "A client's identity and reporting configuration (the caller's default client without id)",
        querystring: clientQuery,
        response: { 200: clientResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, message: await readClient(app.db, callerOf(request)) }),
  );

  app.get(
    '/api/rbac/:merchantId/users/:userId/sub-entities',
    {
      config: {
        access: { kind: 'authenticated', roles: userTypes, merchant: { from: 'params', key: 'merchantId' } },
      },
      schema: {
        tags: ['clients'],
        summary: "The merchant's locations a user works at (all when the user is tied to none)",
        params: userSubEntitiesParams,
        response: { 200: userSubEntitiesResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await userLocations(
        app.db,
        callerOf(request),
        request.params.merchantId,
        request.params.userId,
      ),
    }),
  );
};
