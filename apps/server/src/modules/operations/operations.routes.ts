import { errorResponses } from '@portico/contracts/common/envelope';
import { openAlertWindowDays } from '@portico/contracts/dashboard/alerts';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  documentsReportResponse,
  mccReportResponse,
  operationsReportResponse,
  payoutReportResponse,
  revshareReportResponse,
  subpricingReportResponse,
} from '@portico/contracts/operations/operations-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOpenOperationsAlerts } from '../dashboard/dashboard.repository';
import {
  listDocuments,
  listMccCodes,
  listPayouts,
  listRevshare,
  listSubpricing,
} from './operations.repository';

// Operations is for admin and white-label staff; both reach every merchant.
const operationsAccess = { kind: 'authenticated', roles: ['admin', 'healnow'] } as const;
const errors = errorResponses(401, 403);
const dayMs = 86_400_000;
const money = (cents: string) => formatCentsAsDecimal(Number(cents));

export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/report/operations',
    {
      config: { access: operationsAccess },
      schema: {
        tags: ['operations'],
        summary: 'Operations grid: held or failed payouts, recent ACH returns and failed data syncs',
        response: { 200: operationsReportResponse, ...errors },
      },
    },
    async () => {
      const now = app.now();
      const window = { start: new Date(now.getTime() - openAlertWindowDays * dayMs), end: now };
      return {
        status: true as const,
        message: await listOpenOperationsAlerts(app.db, { kind: 'all' }, window),
      };
    },
  );

  app.get(
    '/api/report/revshare',
    {
      config: { access: operationsAccess },
      schema: {
        tags: ['operations'],
        summary:
          "Each sub-merchant's approved payments and fees per month, and its parent's share of the fees",
        response: { 200: revshareReportResponse, ...errors },
      },
    },
    async () => {
      const rows = await listRevshare(app.db, app.now());
      return {
        status: true as const,
        message: rows.map((row) => ({
          id: `${row.client_id}:${row.month}`,
          sub_merchant_name: row.merchant,
          parent_name: row.parent,
          transaction_month: row.month,
          transactions: row.transactions,
          total_transaction_amount: money(row.amount_cents),
          total_transaction_fee: money(row.fee_cents),
          rev_share: row.rev_share,
          payout: money(row.payout_cents),
        })),
      };
    },
  );

  app.get(
    '/api/report/payout',
    {
      config: { access: operationsAccess },
      schema: {
        tags: ['operations'],
        summary: 'Payouts of every merchant, newest first',
        response: { 200: payoutReportResponse, ...errors },
      },
    },
    async () => {
      const rows = await listPayouts(app.db);
      return {
        status: true as const,
        message: rows.map(({ amount_cents: amountCents, ...row }) => ({
          ...row,
          amount: money(amountCents),
        })),
      };
    },
  );

  app.get(
    '/api/report/subpricing',
    {
      config: { access: operationsAccess },
      schema: {
        tags: ['operations'],
        summary: "Every client's per-MCC sub-pricing",
        response: { 200: subpricingReportResponse, ...errors },
      },
    },
    async () => {
      const rows = await listSubpricing(app.db);
      return {
        status: true as const,
        message: rows.map(
          ({ mcc_code: mccCode, avg_ticket_cents: avg, high_ticket_cents: high, ...row }) => ({
            ...row,
            mccCode,
            avg_ticket: avg === null ? null : money(avg),
            high_ticket: high === null ? null : money(high),
          }),
        ),
      };
    },
  );

  app.get(
    '/api/report/mcc',
    {
      config: { access: operationsAccess },
      schema: {
        tags: ['operations'],
        summary: 'MCC codes with their base card rate, approval and how many merchants use each',
        response: { 200: mccReportResponse, ...errors },
      },
    },
    async () => ({ status: true as const, message: await listMccCodes(app.db) }),
  );

  app.get(
    '/api/report/documents',
    {
      config: { access: operationsAccess },
      schema: {
        tags: ['operations'],
        summary: 'Documents of every client and enrollment, newest first',
        response: { 200: documentsReportResponse, ...errors },
      },
    },
    async () => ({ status: true as const, message: await listDocuments(app.db) }),
  );
};
