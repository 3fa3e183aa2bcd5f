import { Permission } from '@portico/contracts/access/permission-names';
import { errorResponses } from '@portico/contracts/common/envelope';
import {
  assignTerminalBody,
  deleteTerminalParams,
  deleteTerminalQuery,
  deleteTerminalResponse,
  paxOrderBody,
  paxOrderResponse,
  terminalLinkBody,
  terminalLinkResponse,
  terminalListResponse,
  terminalMerchantsResponse,
  terminalParams,
  terminalResponse,
} from '@portico/contracts/terminals/terminals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import { idempotencyHeaders, sendIdempotentOutcome } from '../../lib/idempotent-route';
import { reconcilePendingAttempts } from '../../lib/money-attempt';
import {
  assignTerminalLocation,
  deleteTerminalOfLane,
  linkTerminal,
  listTerminalMerchants,
  listTerminals,
  orderPaxDevice,
  paxOrderOperationOf,
  type TerminalsDeps,
} from './terminals.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);

// The Terminals page is for user, admin and parent, with Terminal Admin
// where the merchant uses permissions. Processor-audit users read only (the access plugin refuses
// their writes). The service narrows every call to the merchants and locations the caller manages.
const terminalRoles = ['user', 'admin', 'parent'] as const;
const terminalAdmin: RouteAccess = {
  kind: 'authenticated',
  roles: terminalRoles,
  permission: Permission.TerminalAdmin,
};
const onBodyMerchant: RouteAccess = { ...terminalAdmin, merchant: { from: 'body', key: 'merchant_id' } };
const onQueryMerchant: RouteAccess = { ...terminalAdmin, merchant: { from: 'query', key: 'merchant_id' } };
// Card guessing through the order form is bounded like the payment frame's charge.
const orderLimit = { max: 30, timeWindow: '1 minute' };

const answer = <T>(message: T) => ({ status: true as const, message });

export const terminalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): TerminalsDeps => ({
    db: app.db,
    provider: app.terminalProvider,
    gateway: app.chargeGateway,
    cipher: () => app.fieldCipher(),
    now: () => app.now(),
  });

  // An order the gateway charged but the server never booked (a crash) is settled before requests
  // are taken, from the gateway's record of the attempt's key.
  app.addHook('onReady', async () => {
    const summary = await reconcilePendingAttempts(
      app.db,
      { device_order: paxOrderOperationOf(deps()) },
      {
        onError: (attempt, err) =>
          app.log.error({ err, attemptId: attempt.id }, 'device order attempt not reconciled'),
      },
    );
    if (summary.settled + summary.failed > 0)
      app.log.warn(summary, 'device order attempts of an earlier run reconciled');
  });

  app.get(
    '/api/v1/terminals',
    {
      config: { access: terminalAdmin },
      schema: {
        tags: ['terminals'],
        summary: 'The Terminal Settings grid: terminals of the merchants and locations the caller manages',
        response: { 200: terminalListResponse, ...errors },
      },
    },
    async (request) => answer(await listTerminals(deps(), callerOf(request))),
  );

  app.get(
    '/api/terminal/merchants',
    {
      config: { access: terminalAdmin },
      schema: {
        tags: ['terminals'],
        summary:
          'Merchants the caller manages terminals for, their locations and whether they order Pax devices',
        response: { 200: terminalMerchantsResponse, ...errors },
      },
    },
    async (request) => answer(await listTerminalMerchants(deps(), callerOf(request))),
  );

  app.post(
    '/api/terminal/link',
    {
      config: { access: onBodyMerchant },
      schema: {
        tags: ['terminals'],
        summary: 'Link a card-present device (Add New Terminal)',
        description:
          'The auth key is sealed at rest and never answered: only its last four. is_linked false: kept, ' +
          'but the provider has not linked the device yet.',
        body: terminalLinkBody,
        response: { 200: terminalLinkResponse, ...errors },
      },
    },
    async (request) => answer(await linkTerminal(deps(), callerOf(request), request.body)),
  );

  app.patch(
    '/api/v1/terminals/:id',
    {
      config: { access: terminalAdmin },
      schema: {
        tags: ['terminals'],
        summary: 'Assign a terminal to a location of its merchant (null: none)',
        params: terminalParams,
        body: assignTerminalBody,
        response: { 200: terminalResponse, ...errors },
      },
    },
    async (request) =>
      answer(
        await assignTerminalLocation(
          deps(),
          callerOf(request),
          request.params.id,
          request.body.sub_entity?.id ?? null,
        ),
      ),
  );

  app.delete(
    '/api/terminal/delete/:laneId',
    {
      config: { access: onQueryMerchant },
      schema: {
        tags: ['terminals'],
        summary: "Delete the caller's terminal on a lane (merchant_id when several merchants use it)",
        params: deleteTerminalParams,
        querystring: deleteTerminalQuery,
        response: { 200: deleteTerminalResponse, ...errors },
      },
    },
    async (request) =>
      answer(
        await deleteTerminalOfLane(
          deps(),
          callerOf(request),
          request.params.laneId,
          request.query.merchant_id,
        ),
      ),
  );

  app.post(
    '/api/order-pax',
    {
      config: { access: onBodyMerchant, rateLimit: orderLimit },
      schema: {
        tags: ['terminals'],
        summary: 'Order A Pax Device: charge the card once and keep the order',
        description:
          "Only for a merchant whose terminals setting is 'pax'. The card number and CVV are tokenised and " +
          'dropped: never stored, logged or returned. The same Idempotency-Key and body replay the first answer.',
        headers: idempotencyHeaders,
        body: paxOrderBody,
        response: { 200: paxOrderResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendIdempotentOutcome(
        reply,
        await orderPaxDevice(deps(), callerOf(request), request.body, request.headers['idempotency-key']),
      ),
  );
};
