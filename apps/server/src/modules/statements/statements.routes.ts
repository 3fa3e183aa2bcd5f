import { Permission } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import { errorResponses } from '@portico/contracts/common/envelope';
import {
  payoutLinesResponse,
  payoutParams,
  payoutsQuery,
  payoutsResponse,
  settlementGroupResponse,
  statementDisclaimer,
  statementMerchantsResponse,
  statementPdfQuery,
  statementQuery,
  statementReportQuery,
  statementReportResponse,
  statementResponse,
  statementSupportResponse,
} from '@portico/contracts/statements/statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import {
  payoutLines,
  payoutRows,
  resolveStatementMerchant,
  resolveStatementMonth,
  settlementGroup,
  statementLineRows,
  statementMerchants,
  statementPdf,
  statementRows,
} from './statements.service';

// /payouts and /statement are for admin, parent and merchant users; the
// Statements menu entry asks for the Payouts permission, checked per merchant.
const roles: readonly UserType[] = ['admin', 'parent', 'user'];
// The merchant named in the query (the grids' calls) or the body (their exports'); exported so an
// export of these grids is decided as the grid's own call.
export const statementsAccess = (from: 'query' | 'body', key: string) =>
  ({ kind: 'authenticated', roles, permission: Permission.Payouts, merchant: { from, key } }) as const;

const errors = errorResponses(400, 401, 403, 404, 422);
const monthNote =
  'The month is YYYY-MM (or MM: its latest occurrence not after today); a future or malformed month is refused.';

export type StatementsRoutesOptions = { support: { phone: string; email: string } };

export const statementsRoutes: FastifyPluginAsyncZod<StatementsRoutesOptions> = async (app, opts) => {
  app.get(
    '/api/report/statement',
    {
      config: { access: statementsAccess('query', 'clientid') },
      schema: {
        tags: ['statements'],
        summary: 'Statement page rows: type, pricing, transactions, gross, fees, flat fee, item fee, net',
        description: `${monthNote} Without clientid: the caller's own merchant. Empty while the month is not posted.`,
        querystring: statementReportQuery,
        response: { 200: statementReportResponse, ...errors },
      },
    },
    async (request) => {
      const month = resolveStatementMonth(request.query.month, app.now());
      const clientId = await resolveStatementMerchant(app.db, callerOf(request));
      return { status: true as const, message: await statementLineRows(app.db, clientId, month) };
    },
  );

  app.get(
    '/api/statement',
    {
      config: { access: statementsAccess('query', 'merchant_id') },
      schema: {
        tags: ['statements'],
        summary:
          'Statements tab: the posted statement of a merchant and month with daily rows and processor fees',
        description: monthNote,
        querystring: statementQuery,
        response: { 200: statementResponse, ...errors },
      },
    },
    async (request) => {
      const month = resolveStatementMonth(request.query['year-month'], app.now());
      const clientId = await resolveStatementMerchant(app.db, callerOf(request));
      return { status: true as const, message: await statementRows(app.db, clientId, month) };
    },
  );

  app.get(
    '/api/statement/pdf',
    {
      config: { access: statementsAccess('query', 'merchant_id') },
      schema: {
        tags: ['statements'],
        summary: 'The statement of a merchant and month as a PDF (landscape)',
        description: monthNote,
        querystring: statementPdfQuery,
        // The answer is the PDF itself (errors use the usual envelope), so no JSON schema describes it.
      },
    },
    async (request, reply) => {
      const { yearMonth, pdf } = await statementPdf(
        app.db,
        callerOf(request),
        request.query['year-month'],
        app.now,
        opts.support,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="Statement-${yearMonth}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/payouts',
    {
      config: { access: statementsAccess('query', 'merchant_id') },
      schema: {
        tags: ['statements'],
        summary:
          'Payouts (settlement groups) of the merchant, or of every merchant the caller reaches, newest first',
        description:
          "transaction_details is empty here: a payout's transactions are at GET /api/payouts/{id}, its lines at GET /api/payouts/{id}/lines.",
        querystring: payoutsQuery,
        response: { 200: payoutsResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, message: await payoutRows(app.db, callerOf(request)) }),
  );

  app.get(
    '/api/payouts/:id',
    {
      config: { access: { kind: 'authenticated', roles, permission: Permission.Payouts } },
      schema: {
        tags: ['statements'],
        summary: 'One settlement group: its payout, totals and transactions',
        params: payoutParams,
        response: { 200: settlementGroupResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await settlementGroup(app.db, callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/payouts/:id/lines',
    {
      config: { access: { kind: 'authenticated', roles, permission: Permission.Payouts } },
      schema: {
        tags: ['statements'],
        summary: "A payout's lines: its sales, fees, refunds, voids, chargebacks and adjustments, signed",
        description:
          "Scoped like the payouts list: another merchant's payout is refused. The lines and the totals by kind add up to payout_details.amount.",
        params: payoutParams,
        response: { 200: payoutLinesResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await payoutLines(app.db, callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/statement/support',
    {
      config: { access: { kind: 'authenticated', roles, permission: Permission.Payouts } },
      schema: {
        tags: ['statements'],
        summary: "The support contact (SUPPORT_PHONE, SUPPORT_EMAIL) and the statement's disclaimer",
        description: 'The /statement page prints this disclaimer; the PDF prints the same text.',
        response: { 200: statementSupportResponse, ...errors },
      },
    },
    async () => ({
      status: true as const,
      message: { ...opts.support, disclaimer: statementDisclaimer(opts.support) },
    }),
  );

  app.get(
    '/api/statement/merchants',
    {
      config: { access: { kind: 'authenticated', roles, permission: Permission.Payouts } },
      schema: {
        tags: ['statements'],
        summary: "The merchants of the 'Statement For' and payouts merchant dropdowns",
        response: { 200: statementMerchantsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await statementMerchants(app.db, callerOf(request)),
    }),
  );
};
