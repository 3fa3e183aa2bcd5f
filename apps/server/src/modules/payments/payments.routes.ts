import { errorResponses } from '@portico/contracts/common/envelope';
import {
  refundRequestBody,
  refundResponse,
  voidRequestBody,
  voidResponse,
} from '@portico/contracts/transactions/void-refund';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { idempotencyHeaders, sendIdempotentOutcome } from '../../lib/idempotent-route';
import { reconcilePendingAttempts } from '../../lib/money-attempt';
import { moneyOperationsOf, refundTransaction, voidTransaction } from './payments.service';

// The transaction detail viewer sits in the report (reporting is admin, user and parent).
// Which merchant and which right apply depend on the transaction, so the service checks them.
const moneyMovingRoles = ['admin', 'parent', 'user'] as const;

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, processors: app.processors, now: app.now });

  // A crash between a processor's answer and the commit leaves a pending attempt: before the server
  // takes requests, each is settled from the processor's record of its key (lib/money-attempt.ts).
  app.addHook('onReady', async () => {
    const summary = await reconcilePendingAttempts(app.db, moneyOperationsOf(deps()), {
      onError: (attempt, err) =>
        app.log.error({ err, attemptId: attempt.id }, 'payment attempt not reconciled'),
    });
    if (summary.settled + summary.failed + summary.stillPending > 0) {
      app.log.warn(summary, 'payment attempts left by an earlier run reconciled');
    }
  });

  app.post(
    '/api/void',
    {
      config: { access: { kind: 'authenticated', roles: moneyMovingRoles } },
      schema: {
        tags: ['transactions'],
        summary: 'Void a transaction of today (Eastern time); recorded as a void transaction linked to it',
        description:
          'Needs Void and Void Card or Void ACH on the merchant where it restricts by permissions. ' +
          'The same Idempotency-Key and body replay the first answer.',
        headers: idempotencyHeaders,
        body: voidRequestBody,
        response: { 200: voidResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await voidTransaction(
        deps(),
        callerOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return sendIdempotentOutcome(reply, result);
    },
  );

  app.post(
    '/api/refund',
    {
      config: { access: { kind: 'authenticated', roles: moneyMovingRoles } },
      schema: {
        tags: ['transactions'],
        summary: 'Refund a transaction of an earlier day, fully or in part (amount)',
        description:
          'Needs Refund Card or Refund ACH on the merchant where it restricts by permissions. Refunds ' +
          'never exceed the amount; the same Idempotency-Key and body replay the first answer.',
        headers: idempotencyHeaders,
        body: refundRequestBody,
        response: { 200: refundResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await refundTransaction(
        deps(),
        callerOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return sendIdempotentOutcome(reply, result);
    },
  );
};
