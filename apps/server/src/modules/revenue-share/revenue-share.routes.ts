import {
  revShareAdminResponse,
  revShareQuery,
  revShareResponse,
} from '@portico/contracts/billing/revenue-share';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import { revShareAdminRows, revShareRows } from './revenue-share.service';

// /rev-share and /revshareadmin are admin pages; the rev share rows also answer a parent (a parent
// sees its revenue share), scoped to the merchants below it.
const revShareAccess: RouteAccess = {
  kind: 'authenticated',
  roles: ['admin', 'parent'],
  merchant: { from: 'query', key: 'clientid' },
};
const adminAccess: RouteAccess = {
  kind: 'authenticated',
  roles: ['admin'],
  merchant: { from: 'query', key: 'clientid' },
};

const errors = errorResponses(400, 401, 403, 404);

export const revenueShareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/revshare',
    {
      config: { access: revShareAccess },
      schema: {
        tags: ['revenue-share'],
        summary: 'Rev Share: each sub-merchant and month of the last 3 with its parent’s revenue share',
        description:
          'profit = fees collected - costing; payout = the parent’s rev_share_percentage of the basis its ' +
          'rev_share_formula names (profit by default), never negative. Staff: every merchant (clientid ' +
          'narrows it); a parent: the merchants below it.',
        querystring: revShareQuery,
        response: { 200: revShareResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await revShareRows(app.db, callerOf(request), app.now()),
    }),
  );

  app.get(
    '/api/report/revshare_all',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['revenue-share'],
        summary: 'Revenue Sharing Admin: the revenue share report as arrays (clientid: a parent or merchant)',
        description:
          'Each row: parent, merchant, id, month, transactions, total, average, rate, collected fees, ' +
          'interchange, IC, profit, percent, payout, client fees, owed (payout less the month’s unpaid bills).',
        querystring: revShareQuery,
        response: { 200: revShareAdminResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await revShareAdminRows(app.db, callerOf(request), app.now()),
    }),
  );
};
