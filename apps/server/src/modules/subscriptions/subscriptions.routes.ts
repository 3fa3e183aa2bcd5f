import { Permission } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import { chargeResponse } from '@portico/contracts/payment-frame/charge';
import {
  cancelIdParams,
  cancelLinkSummaryResponse,
  publicUnsubscribeBody,
  publicUnsubscribeResponse,
  seriesChargeBody,
  seriesChargeLocationsQuery,
  seriesChargeLocationsResponse,
  subscriptionListQuery,
  subscriptionListResponse,
  subscriptionOverrideBody,
  subscriptionReactivateBody,
  subscriptionUnsubscribeBody,
  subscriptionWriteResponse,
} from '@portico/contracts/subscriptions/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { publicAccess } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import { idempotencyHeaders, sendIdempotentOutcome } from '../../lib/idempotent-route';
import { chargeSeriesNow, seriesChargeLocations } from './series-charge';
import {
  cancelLinkSummary,
  endSeriesByMerchant,
  listSubscriptionRows,
  overrideNextCharge,
  reactivateSeries,
  unsubscribeByCustomer,
} from './subscriptions.service';

// /report/recurring is for admin, parent and merchant users; the menu entry asks for the
// Recurring Charges permission, checked per merchant (the series' own merchant for the writes).
const roles: readonly UserType[] = ['admin', 'parent', 'user'];
const readAccess = {
  kind: 'authenticated',
  roles,
  permission: Permission.RecurringCharges,
  merchant: { from: 'query', key: 'clientid' },
} as const;
// The series id is in the body: the service finds its merchant and checks the reach there.
const writeAccess = { kind: 'authenticated', roles } as const;

const errors = errorResponses(400, 401, 403, 404, 409, 422);

export type SubscriptionsRoutesOptions = { rateLimitPerMinute: number };

export const subscriptionsRoutes: FastifyPluginAsyncZod<SubscriptionsRoutesOptions> = async (app, opts) => {
  // Cancel links are guessed at no faster than sign-in links.
  const publicRateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };

  app.get(
    '/api/subscription',
    {
      config: { access: readAccess },
      schema: {
        tags: ['subscriptions'],
        summary: 'Recurring Charges rows: the series of a merchant (and those below it)',
        description: 'Without clientid: every series of the merchants the caller reaches (staff: all).',
        querystring: subscriptionListQuery,
        response: { 200: subscriptionListResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await listSubscriptionRows(app.db, callerOf(request)),
    }),
  );

  app.patch(
    '/api/subscription/unsubscribe',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['subscriptions'],
        summary: "End This Series: end reason 'Ended by merchant'; completed charges are not refunded",
        description: 'An ended series is refused (409) and stays as it is.',
        body: subscriptionUnsubscribeBody,
        response: { 200: subscriptionWriteResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await endSeriesByMerchant(app.db, app.mail, callerOf(request), request.body, app.now()),
    }),
  );

  app.patch(
    '/api/subscription/reactivate',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['subscriptions'],
        summary: 'Reactivate This Series from a start date (today or later in the merchant time zone)',
        body: subscriptionReactivateBody,
        response: { 200: subscriptionWriteResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await reactivateSeries(app.db, callerOf(request), request.body, app.now()),
    }),
  );

  app.patch(
    '/api/subscription/override',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['subscriptions'],
        summary: "Add a Charge 'nextScheduled': the next charge is taken for this amount (and date)",
        description: 'Amount above zero with at most 2 decimals; the date today or later.',
        body: subscriptionOverrideBody,
        response: { 200: subscriptionWriteResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await overrideNextCharge(app.db, callerOf(request), request.body, app.now()),
    }),
  );

  app.post(
    '/api/charge',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['subscriptions'],
        summary: "Add a Charge 'now': charge a saved method of the series' customer at once",
        description:
          "token: the series' own token or a saved method of its customer (whole or as shown); a token " +
          'of another merchant or customer is refused. The same Idempotency-Key and body replay the answer.',
        headers: idempotencyHeaders,
        body: seriesChargeBody,
        response: { 200: chargeResponse, ...errors, 503: errorEnvelope },
      },
    },
    async (request, reply) => {
      const deps = { db: app.db, gateway: app.chargeGateway, dataKey: () => app.dataKey(), now: app.now };
      const result = await chargeSeriesNow(
        deps,
        callerOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return sendIdempotentOutcome(reply, result);
    },
  );

  app.get(
    '/api/subscription/charge-locations',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['subscriptions'],
        summary: "Add a Charge 'now': the locations the caller may record it at, and the default",
        description:
          "A user tied to sub-locations of the series' merchant gets their own there (several: the form " +
          "asks); the default is the series' location within them, else their only one. Others get none: " +
          "the series' location applies.",
        querystring: seriesChargeLocationsQuery,
        response: { 200: seriesChargeLocationsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await seriesChargeLocations(app.db, callerOf(request), request.query.subscription_id),
    }),
  );

  app.post(
    '/api/unsubscribe',
    {
      config: { access: publicAccess, rateLimit: publicRateLimit },
      schema: {
        tags: ['subscriptions'],
        summary: "The customer's unsubscribe link: ends the series its cancelId names (no sign-in)",
        description:
          'cancelId is the single-use token of the receipt e-mail, not the series id. A forged or used ' +
          'token gets one answer (404) and changes nothing. Rate-limited per address.',
        body: publicUnsubscribeBody,
        response: { 200: publicUnsubscribeResponse, ...errors, 429: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await unsubscribeByCustomer(app.db, app.mail, requestOrigin(request), request.body, app.now()),
    }),
  );

  app.get(
    '/api/unsubscribe/:cancelId',
    {
      config: { access: publicAccess, rateLimit: publicRateLimit },
      schema: {
        tags: ['subscriptions'],
        summary: 'What the unsubscribe card asks about: merchant name and amount of an unused cancel link',
        params: cancelIdParams,
        response: { 200: cancelLinkSummaryResponse, ...errors, 429: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await cancelLinkSummary(app.db, request.params.cancelId),
    }),
  );
};
