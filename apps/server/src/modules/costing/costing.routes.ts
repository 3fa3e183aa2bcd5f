import { Permission } from '@portico/contracts/access/permission-names';
import { errorResponses } from '@portico/contracts/common/envelope';
import { costingEstimatesResponse, costingQuery, costingResponse } from '@portico/contracts/costing/costing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { refuseProcessorAuditUser } from '../../access/denial';
import { costingEstimateRows, costingRows, resolveCostingWindow } from './costing.service';

// Costing is admin only, menu permission Reports, internal only. The
// provider's processor costs and margins are not for processor auditors, whose menu leaves costing out.
const costingAccess = {
  kind: 'authenticated',
  roles: ['admin'],
  permission: Permission.Reports,
} as const;

const errors = errorResponses(400, 401, 403, 422);

const windowDescription =
  'start and end (yyyy-mm-dd, inclusive UTC days, together, at most 366 days) default to the last 90 ' +
  'days. Costs come from each processor cost model in force on the transaction day.';

export const costingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/costing',
    {
      config: { access: costingAccess },
      schema: {
        tags: ['costing'],
        summary: 'Costing: per settlement date, merchant, processor and payment method, the processor costs',
        description: windowDescription,
        querystring: costingQuery,
        response: { 200: costingResponse, ...errors },
      },
    },
    async (request) => {
      await refuseProcessorAuditUser(callerOf(request));
      const window = resolveCostingWindow(request.query, app.now());
      return { status: true as const, message: await costingRows(app.db, window) };
    },
  );

  app.get(
    '/api/v1/costing',
    {
      config: { access: costingAccess },
      schema: {
        tags: ['costing'],
        summary: 'Costing estimates: each transaction of the window with its estimated processor cost',
        description: `${windowDescription} At most 100,000 transactions (else 422).`,
        querystring: costingQuery,
        response: { 200: costingEstimatesResponse, ...errors },
      },
    },
    async (request) => {
      await refuseProcessorAuditUser(callerOf(request));
      const window = resolveCostingWindow(request.query, app.now());
      return { status: true as const, message: await costingEstimateRows(app.db, window) };
    },
  );
};
