import { errorEnvelope } from '@portico/contracts/common/envelope';
import {
  internalReportNamesResponse,
  internalReportParams,
  internalReportRowsResponse,
} from '@portico/contracts/internal-reports/internal-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listInternalReportNames, runInternalReport } from './internal-reports.service';

// /admin-reporting and its all-internal pages are admin only.
const adminOnly = { kind: 'authenticated', roles: ['admin'] } as const;

// The views read Portico's own tables, so they run on the main database (REPORTING_DATABASE_URL
// names the outside warehouse of the with-snowflake tab, which has no reporting schema).
export const internalReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/report/all-internal',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['admin-reporting'],
        summary: "Names of the internal reports ('reporting.<view>')",
        response: { 200: internalReportNamesResponse, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async () => ({ status: true as const, message: listInternalReportNames() }),
  );

  app.get(
    '/api/v1/report/all-internal/:sourceName',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['admin-reporting'],
        summary: 'Rows of one internal report (with or without the reporting. prefix), at most 100,000',
        params: internalReportParams,
        response: {
          200: internalReportRowsResponse,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request) => ({
      status: true as const,
      message: await runInternalReport(app.db, request.params.sourceName),
    }),
  );
};
