import { successEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

// An admin-only call, the shape of the admin tools (data sync, internal reports).
export const adminOnlyFixtureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/test/admin-only',
    { config: { access: { kind: 'authenticated', roles: ['admin'] } } },
    async () => ({ status: true as const, message: 'ok' }),
  );
};

// Test-only routes that declare merchant and permission rules the way modules will.
export const accessFixtureRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminOnlyFixtureRoutes);
  app.get(
    '/api/test/merchants/:merchantId/refunds',
    {
      config: {
        access: {
          kind: 'authenticated',
          roles: ['admin', 'user', 'parent', 'healnow'],
          merchant: { from: 'params', key: 'merchantId' },
          permission: 'Refund',
        },
      },
      schema: {
        params: z.object({ merchantId: z.uuid() }),
        response: { 200: successEnvelope(z.string()) },
      },
    },
    async (request) => ({ status: true as const, message: request.merchantAccess?.merchantId ?? 'none' }),
  );

  app.post(
    '/api/test/merchant-notes',
    {
      config: {
        access: {
          kind: 'authenticated',
          roles: ['admin', 'user', 'parent', 'healnow', 'alpha'],
          merchant: { from: 'body', key: 'client_id' },
        },
      },
      schema: {
        body: z.strictObject({ client_id: z.uuid(), text: z.string() }),
        response: { 200: successEnvelope(z.string()) },
      },
    },
    async (request) => ({ status: true as const, message: request.body.client_id }),
  );

  app.get(
    '/api/test/permissions-page',
    {
      config: {
        access: {
          kind: 'authenticated',
          roles: ['admin', 'alpha', 'user', 'parent'],
          permission: 'Permissions',
        },
      },
    },
    async () => ({ status: true as const, message: 'ok' }),
  );
};
