import { userTypes } from '@portico/contracts/auth/roles';
import {
  clientQuery,
  clientResponse,
  userSubEntitiesParams,
  userSubEntitiesResponse,
} from '@portico/contracts/clients/client';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingRoleOf } from '../../access/caller';
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
    async (request) => {
      const session = request.requireSession();
      const record = await readClient(app.db, {
        userId: session.userId,
        namedClientId: request.merchantAccess?.merchantId ?? null,
        viewAsClientId: request.viewAsClientId,
      });
      return { status: true as const, message: record };
    },
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
    async (request) => {
      const session = request.requireSession();
      const actingRole = actingRoleOf(session.role, request.viewAsClientId);
      const locations = await userLocations(
        app.db,
        { userId: session.userId, actingRole },
        request.params.merchantId,
        request.params.userId,
      );
      return { status: true as const, message: locations };
    },
  );
};
