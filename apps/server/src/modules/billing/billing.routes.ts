import { Permission } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import {
  billingQuery,
  billingResponse,
  billParams,
  merchantBillsBody,
  merchantBillsResponse,
  monthlyBillingMerchantParams,
  monthlyBillingMerchantsResponse,
  monthlyBillingResponse,
  monthlyBillingToggleResponse,
  payBillResponse,
} from '@portico/contracts/billing/billing';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import { sendIdempotentOutcome } from '../../lib/idempotent-route';
import { reconcilePendingAttempts } from '../../lib/money-attempt';
import {
  billingOf,
  billPaymentOperationOf,
  createMerchantBill,
  monthlyBillingMerchantRows,
  monthlyBillingRows,
  payBill,
  switchMonthlyBilling,
} from './billing.service';
import { monthlyBillingJob } from './monthly-billing.job';

// The Billing menu entry shows to admin, parent and merchant users with Payouts; it leads to the
// page, and the server scopes every bill to the merchants the caller reaches (foreign: 403).
const billingRoles: readonly UserType[] = ['admin', 'parent', 'user'];
const billingAccess: RouteAccess = {
  kind: 'authenticated',
  roles: billingRoles,
  permission: Permission.Payouts,
  merchant: { from: 'query', key: 'merchant_id' },
};
const payAccess: RouteAccess = { kind: 'authenticated', roles: billingRoles, permission: Permission.Payouts };
// Monthly Billing is the provider's administrators' only.
const staffAccess: RouteAccess = { kind: 'authenticated', roles: ['admin'] };

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, gateway: app.chargeGateway, now: app.now });
  const operations = () => ({ bill_payment: billPaymentOperationOf(deps()) });

  // A bill payment the processor answered but the server never booked (a crash) is settled from the
  // processor's record of its key, at start-up and every few minutes (lib/money-attempt.ts).
  app.addHook('onReady', async () => {
    const summary = await reconcilePendingAttempts(app.db, operations(), {
      onError: (attempt, err) => app.log.error({ err, attemptId: attempt.id }, 'bill payment not reconciled'),
    });
    if (summary.settled + summary.failed > 0)
      app.log.warn(summary, 'bill payments of an earlier run reconciled');
  });
  app.jobs.register({
    name: 'bill-payments.reconcile',
    schedule: { everyMinutes: 5 },
    async run({ db }) {
      const summary = await reconcilePendingAttempts(db, operations(), {
        onError: (attempt, err) =>
          app.log.error({ err, attemptId: attempt.id }, 'bill payment not reconciled'),
      });
      return { ...summary };
    },
  });
  app.jobs.register(monthlyBillingJob());

  app.get(
    '/api/billing',
    {
      config: { access: billingAccess },
      schema: {
        tags: ['billing'],
        summary: 'Billing: the Line Item tab (bills with their state) and the Rolling Billing tab',
        description:
          'Scoped to the merchants the caller reaches with Payouts (staff: all). Rolling billing covers the ' +
          'last 30 central processing days.',
        querystring: billingQuery,
        response: { 200: billingResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await billingOf(app.db, callerOf(request), app.now()),
    }),
  );

  app.post(
    '/api/billing/:id/pay',
    {
      config: { access: payAccess },
      schema: {
        tags: ['billing'],
        summary: "Pay this bill: collect it from the merchant's bank account on file, once",
        description:
          'The money attempt is keyed by the bill itself: a second click, a retry or a concurrent call never ' +
          'pays twice. A paid bill answers BILL_ALREADY_PAID (409); a merchant whose monthly billing is off ' +
          'MERCHANT_NOT_ENABLED (422).',
        params: billParams,
        response: { 200: payBillResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendIdempotentOutcome(reply, await payBill(deps(), callerOf(request), request.params.id)),
  );

  app.get(
    '/api/monthly-billing',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['billing'],
        summary: 'Monthly Billing, Billing tab: every month billed per merchant, newest first',
        response: { 200: monthlyBillingResponse, ...errors },
      },
    },
    async () => ({ status: true as const, message: await monthlyBillingRows(app.db) }),
  );

  app.get(
    '/api/monthly-billing/merchants',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['billing'],
        summary: 'Monthly Billing, Configuration tab: every merchant with its monthly billing switch',
        response: { 200: monthlyBillingMerchantsResponse, ...errors },
      },
    },
    async () => ({ status: true as const, message: await monthlyBillingMerchantRows(app.db) }),
  );

  for (const [method, isEnabled] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/monthly-billing/merchants/:id',
      config: { access: staffAccess },
      schema: {
        tags: ['billing'],
        summary: isEnabled
          ? 'Switch monthly billing on for a merchant'
          : 'Switch monthly billing off for a merchant',
        params: monthlyBillingMerchantParams,
        response: { 200: monthlyBillingToggleResponse, ...errors },
      },
      handler: async (request) => ({
        status: true as const,
        message: await switchMonthlyBilling(app.db, callerOf(request), request.params.id, isEnabled),
      }),
    });
  }

  app.post(
    '/api/monthly-billing/merchants/:id/merchant-bills',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['billing'],
        summary: "Create a merchant's bill for a month, once",
        description:
          'month is YYYY-MM (or MM) of a month that is over. A second call for the same month answers ' +
          'MONTH_ALREADY_BILLED (409) and creates nothing; a merchant with monthly billing off is refused.',
        params: monthlyBillingMerchantParams,
        body: merchantBillsBody,
        response: { 200: merchantBillsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await createMerchantBill(app.db, request.params.id, request.body.month, app.now()),
    }),
  );
};
