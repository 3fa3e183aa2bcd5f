import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { RateLimitedError } from '../lib/rate-limit-counters';
import { sharedRateLimitStore } from './shared-rate-limit-store';

// sharedDb: on PostgreSQL, the routes' own limits are counted in the database so they hold across
// instances; the whole-API budget stays in each instance's memory (a query per request is too dear).
export type RateLimitOptions = { perMinute: number; sharedDb?: Db | undefined };

// The whole-API budget per client address. @fastify/rate-limit hangs its limiter on each route, and
// route hooks run after the session and access hooks, so a 401 or 403 would cost nothing and an
// attacker could hammer the session table and the audit log for free. This app-level hook is
// registered before those (app.ts) and counts every request, refused ones included. Routes keep
// their own stricter limits (sign-in, public forms) through the plugin's route config.
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: RateLimitOptions) => {
    await app.register(rateLimit, {
      global: false,
      max: opts.perMinute,
      timeWindow: '1 minute',
      ...(opts.sharedDb ? { store: sharedRateLimitStore(opts.sharedDb) } : {}),
    });
    const countRequest = app.createRateLimit({ max: opts.perMinute, timeWindow: '1 minute' });
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.rateLimit === false) return;
      const verdict = await countRequest(request);
      if (verdict.isAllowed || !verdict.isExceeded) return;
      throw new RateLimitedError(verdict.ttlInSeconds);
    });
  },
  { name: 'rate-limit' },
);
