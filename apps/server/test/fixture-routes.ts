import { successEnvelope } from '@portico/contracts/common/envelope';
import { moneyInput } from '@portico/contracts/money/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../src/access/route-access';
import { defineErrors } from '../src/lib/app-error';

export const FixtureError = defineErrors({
  AmountTooHigh: ['AMOUNT_TOO_HIGH', 'business_rule'],
});

// Test-only routes exercising the platform's validation and error plumbing the way modules will.
// Resolves once a request to /api/test/slow has reached its handler, so a test can act on a request
// that is surely in flight (a fixed sleep is not enough on a loaded machine).
let announceSlowRequest: () => void = () => {};
export function nextSlowRequestStarted(): Promise<void> {
  return new Promise((resolve) => {
    announceSlowRequest = resolve;
  });
}

export const fixtureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/echo/:id',
    {
      config: { access: publicAccess },
      schema: {
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ page: z.coerce.number().int().min(0).optional() }),
        body: z.strictObject({ name: z.string().min(1).max(50), amount: moneyInput }),
        response: { 200: successEnvelope(z.object({ id: z.string(), name: z.string(), cents: z.number() })) },
      },
    },
    async (request) => {
      if (request.body.amount > 1_000_000) throw FixtureError.AmountTooHigh('Amount is over the limit');
      return {
        status: true as const,
        message: { id: request.params.id, name: request.body.name, cents: request.body.amount },
      };
    },
  );

  app.get('/api/test/slow', { config: { access: publicAccess } }, async () => {
    announceSlowRequest();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { status: true as const, message: 'done' };
  });

  app.get('/api/test/boom', { config: { access: publicAccess } }, async () => {
    throw new Error('select * from secrets at /work/main/apps/server/src/app.ts:12');
  });

  app.get(
    '/api/test/leaky',
    {
      config: { access: publicAccess },
      schema: { response: { 200: successEnvelope(z.object({ name: z.string() })) } },
    },
    // The serializer drops columns the schema does not name.
    async () => ({ status: true as const, message: { name: 'Acme', ssn: '123-45-6789' } }),
  );

  app.get(
    '/api/test/private',
    { config: { access: { kind: 'authenticated', roles: ['admin'] } } },
    async () => ({
      status: true as const,
      message: 'secret',
    }),
  );
};
