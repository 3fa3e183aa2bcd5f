import { errorEnvelope } from '@portico/contracts/common/envelope';
import { healthResponse, readinessResponse } from '@portico/contracts/health/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../access/route-access';
import { defineErrors } from '../../lib/app-error';

export const HealthError = defineErrors({
  DatabaseUnavailable: ['DATABASE_UNAVAILABLE', 'unavailable'],
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: publicAccess, rateLimit: false },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthResponse } },
    },
    async () => ({ status: true as const, message: { uptimeSeconds: Math.round(process.uptime()) } }),
  );

  app.get(
    '/readyz',
    {
      config: { access: publicAccess, rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: readinessResponse, 503: errorEnvelope },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (err) {
        request.log.error({ err }, 'readiness check failed');
        throw HealthError.DatabaseUnavailable('The database is not reachable');
      }
      return { status: true as const, message: { database: 'ready' as const } };
    },
  );
};
