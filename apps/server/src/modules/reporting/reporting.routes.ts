import { Permission } from '@portico/contracts/access/permission-names';
import { errorResponses } from '@portico/contracts/common/envelope';
import {
  reportPageResponse,
  reportQuery,
  reportStreamContentType,
  reportTransactionQuery,
  reportTransactionResponse,
} from '@portico/contracts/transactions/report';
import { searchRequestBody, searchResponse } from '@portico/contracts/transactions/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { resolveReportAccess } from '../../access/report-access';
import { sendJsonText } from '../../lib/json-text';
import { sendStreamed } from './report-stream.routes-helper';
import {
  reportJsonFallback,
  reportNdjsonChunks,
  reportPageJson,
  reportTransactionJson,
  reportWindowQuery,
  searchJson,
} from './reporting.service';

// Reporting is for admin, user and parent. The menu shows it with the
// Reports permission, which the server checks per merchant as well.
const reportingRoles = ['admin', 'user', 'parent'] as const;

// Without a merchant named, the report covers the caller's own (see report-access.ts). Admin and
// parents may name one with id (a parent, for its hierarchy); it goes through the access plugin.
const reportRouteQuery = reportQuery.safeExtend({ id: z.uuid().optional() });

const errors = errorResponses(400, 401, 403, 404, 422);

const jsonContentType = 'application/json; charset=utf-8';

export const reportingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/report',
    {
      config: {
        access: {
          kind: 'authenticated',
          roles: reportingRoles,
          permission: Permission.Reports,
          merchant: { from: 'query', key: 'id' },
        },
      },
      schema: {
        tags: ['reporting'],
        summary:
          'Transaction report: a page of [created time, transaction, merchant DBA, parent] rows and the total',
        description:
          'Paged by default (zero-based page, total exact up to 100,000). With is_portal_request=true and ' +
          '"Accept: application/x-ndjson" every row of the window streams as one JSON array per line; with ' +
          'is_portal_request=true and any other Accept, all rows come in one JSON document (at most 100,000, ' +
          'else 422). Fee and surcharge appear only on rows of merchants where the caller holds ' +
          "'Reports - Advanced Fields'.",
        querystring: reportRouteQuery,
        response: { 200: reportPageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      // The warehouse tab of admin reporting (snowflake=true) is for admin only. Every report page
      // and Load All reads the reporting database (REPORTING_DATABASE_URL, a streaming replica;
      // else the main one); who may see what is always decided on the main database.
      if (query.snowflake === true && callerOf(request).actingRole !== 'admin') {
        return denyAccess(callerOf(request), 'role');
      }
      const source = app.reportingDatabase;
      const access = await resolveReportAccess(app.db, callerOf(request), Permission.Reports);
      if (query.is_portal_request !== true) {
        return sendJsonText(reply, await reportPageJson(source.db, access, query));
      }
      const window = reportWindowQuery(access, query);
      const accept = request.headers.accept ?? '';
      if (accept.includes(reportStreamContentType)) {
        return sendStreamed(
          request,
          reply,
          reportStreamContentType,
          reportNdjsonChunks(source, access, window),
        );
      }
      return sendStreamed(request, reply, jsonContentType, await reportJsonFallback(source, access, window));
    },
  );

  app.post(
    '/api/v1/report/search',
    {
      config: {
        access: {
          kind: 'authenticated',
          roles: reportingRoles,
          permission: Permission.Reports,
          merchant: { from: 'body', key: 'merchant_id' },
          // A read sent as POST (the criteria travel in the body): processor-audit users search too.
          processorAudit: 'allowed',
        },
      },
      schema: {
        tags: ['reporting'],
        summary: 'Transaction search: message.value holds the matching rows, newest first',
        description:
          'Dates are required and inclusive (the form sends 00:00:00.000 and 23:59:59.999 UTC); at most 93 ' +
          'days and 10,000 rows (else 422). Without merchant_id the search covers the same merchants as ' +
          'the report.',
        body: searchRequestBody,
        response: { 200: searchResponse, ...errors },
      },
    },
    async (request, reply) => {
      const access = await resolveReportAccess(app.db, callerOf(request), Permission.Reports);
      return sendJsonText(reply, await searchJson(app.db, access, request.body));
    },
  );

  app.get(
    '/api/v1/report/transaction',
    {
      config: { access: { kind: 'authenticated', roles: reportingRoles, permission: Permission.Reports } },
      schema: {
        tags: ['reporting'],
        summary: 'One row of the caller’s transaction report by id, with the voids and refunds that undid it',
        description:
          'The detail viewer follows the links between an original (undone_by) and its voids and refunds ' +
          '(data.api_response.original_transaction_id) with it. 404 when the id is unknown or out of reach.',
        querystring: reportTransactionQuery,
        response: { 200: reportTransactionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const access = await resolveReportAccess(app.db, callerOf(request), Permission.Reports);
      return sendJsonText(reply, await reportTransactionJson(app.db, access, request.query.id));
    },
  );
};
