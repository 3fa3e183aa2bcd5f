import { userTypes } from '@portico/contracts/auth/roles';
import { errorResponses } from '@portico/contracts/common/envelope';
import { globalSearchQuery, globalSearchResponse } from '@portico/contracts/search/global-search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { globalSearch } from './search.service';

const errors = errorResponses(400, 401, 403);

// The header's search box and Ctrl-K: any signed-in role may ask; the service searches only the kinds
// whose pages the caller opens, within the rows those pages show them. A read: the API-wide rate
// limit covers it, as every other read.
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      config: { access: { kind: 'authenticated', roles: userTypes } },
      schema: {
        tags: ['search'],
        summary: 'Global search: merchants, transactions, vault customers, users, enrollments and payouts',
        description:
          'q is 1–100 characters after trimming. Answers a few rows per kind, grouped, only of kinds and rows the caller may open.',
        querystring: globalSearchQuery,
        response: { 200: globalSearchResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: { groups: await globalSearch(app.db, callerOf(request), request.query.q) },
    }),
  );
};
