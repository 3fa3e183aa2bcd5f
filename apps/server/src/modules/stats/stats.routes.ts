import { errorEnvelope } from '@portico/contracts/common/envelope';
import { statsQuery, statsResponse } from '@portico/contracts/transactions/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { resolveReportAccess } from '../../access/report-access';
import { dashboardStats } from './stats.service';

// Home is for admin, user, parent and healnow. The cards cover the same merchants as the
// caller's report (access/report-access.ts), or the merchant named by id and everything below it.
const homeRoles = ['admin', 'user', 'parent', 'healnow'] as const;

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stats',
    {
      config: {
        access: { kind: 'authenticated', roles: homeRoles, merchant: { from: 'query', key: 'id' } },
      },
      schema: {
        tags: ['dashboard'],
        summary: 'Transaction metrics of the last 7 and 30 days (ending yesterday) and the monthly volume',
        querystring: statsQuery,
        response: {
          200: statsResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const access = await resolveReportAccess(app.db, caller, null);
      return {
        status: true as const,
        message: await dashboardStats(
          { main: app.db, reporting: app.reportingDatabase.db },
          access,
          caller.session.userId,
        ),
      };
    },
  );
};
