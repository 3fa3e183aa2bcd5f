import {
  subpricingBody,
  subpricingCopyBody,
  subpricingCopyResponse,
  subpricingListQuery,
  subpricingListResponse,
  subpricingSaveResponse,
} from '@portico/contracts/clients/subpricing';
import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { copySubpricing, listSubpricing, saveSubpricing } from './subpricing.service';

const errors = errorResponses(401, 403, 404);

// Staff add sub-pricing; anyone who reaches the client may read it.
const staff = ['admin', 'healnow'] as const;

export const subpricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/subpricing',
    {
      config: {
        access: {
          kind: 'authenticated',
          roles: ['admin', 'healnow', 'parent', 'user'],
          merchant: { from: 'query', key: 'clientid' },
        },
      },
      schema: {
        tags: ['clients'],
        summary: "A client's sub-pricing per MCC code",
        querystring: subpricingListQuery,
        response: { 200: subpricingListResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await listSubpricing(app.db, request.query.clientid),
    }),
  );

  app.post(
    '/api/subpricing',
    {
      config: {
        access: { kind: 'authenticated', roles: staff, merchant: { from: 'body', key: 'client_id' } },
      },
      schema: {
        tags: ['clients'],
        summary: 'Add or replace the sub-pricing of one MCC code of a client',
        body: subpricingBody,
        response: { 200: subpricingSaveResponse, 400: errorEnvelope, 422: errorEnvelope, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await saveSubpricing(app.db, callerOf(request), request.body),
    }),
  );

  app.post(
    '/api/subpricing/copy',
    {
      config: {
        access: { kind: 'authenticated', roles: staff, merchant: { from: 'body', key: 'to_client_id' } },
      },
      schema: {
        tags: ['clients'],
        summary: 'Copy every sub-pricing row of one client onto another',
        body: subpricingCopyBody,
        response: { 200: subpricingCopyResponse, 400: errorEnvelope, 422: errorEnvelope, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await copySubpricing(app.db, callerOf(request), request.body),
    }),
  );
};
