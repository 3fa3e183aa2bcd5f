import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  chargeBody,
  frameLogoQuery,
  frameMerchantQuery,
  frameMerchantResponse,
  signBody,
  signResponse,
  tokenizeBody,
  tokenizeResponse,
} from '@portico/contracts/payment-frame/charge';
import { paymentFrameAddress } from '@portico/contracts/payment-frame/params';
import { frameChargeResponse } from '@portico/contracts/payment-frame/scheduled-series';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess, publicAccessReadingSession } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import { boundedCache } from '../../lib/bounded-memo';
import { idempotencyHeaders, sendIdempotentOutcome } from '../../lib/idempotent-route';
import { reconcilePendingAttempts } from '../../lib/money-attempt';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import { sendLinkSeriesReceipt } from '../subscription-scheduler/subscription-scheduler.service';
import { chargeOperationOf, deviceChargeOperationOf } from './charge-booking';
import type { FrameMerchantRow } from './charges.repository';
import {
  assertMaySignParams,
  frameLogo,
  frameMerchant,
  takeCharge,
  tokenizePaymentMethod,
} from './charges.service';
import type { PaymentFrameCaller } from './charges.types';
import { deviceChargeOperationName } from './device-charge';

// The payment frame's calls. Public: a payer has no account; a signed-in user with
// Virtual Terminal on the merchant gets the virtual terminal's rights (the session is read, not
// required). Card guessing and key guessing are bounded by per-route limits.
const tokenizeLimit = { max: 30, timeWindow: '1 minute' };
// The charge counts its payer's hit itself, in its first statement (charges.repository.ts openCharge).
const chargeLimit = { max: 30, windowSeconds: 60 };
const readLimit = { max: 120, timeWindow: '1 minute' };

const errors = errorResponses(400, 403, 409, 422, 503);

// The session is read, not required: without one the caller is a payer.
function paymentFrameCallerOf(request: FastifyRequest): PaymentFrameCaller {
  return { session: request.session ?? null, origin: requestOrigin(request) };
}

export const chargesRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, options) => {
  // A receipt that cannot be sent now is left pending for the scheduler's next run.
  const sendSeriesReceipt = async (transactionId: string) => {
    const receiptDeps = { db: app.db, mail: app.mail, publicUrl: options.publicUrl };
    await sendLinkSeriesReceipt(receiptDeps, transactionId).catch((err: unknown) => {
      app.log.error({ err, transactionId }, 'first receipt of a subscription link not sent');
    });
  };
  // A charge on a merchant charged lately plans on what it read then (takeCharge).
  const frameMerchants = boundedCache<FrameMerchantRow>(1_000);
  const deps = () => ({
    frameMerchants,
    db: app.db,
    gateway: app.chargeGateway,
    dataKey: () => app.dataKey(),
    now: app.now,
    sendSeriesReceipt,
    terminalProvider: app.terminalProvider,
  });

  // A charge the gateway answered but the server never booked (a crash) is settled before requests
  // are taken, from the gateway's record of the attempt's key (lib/money-attempt.ts).
  app.addHook('onReady', async () => {
    const summary = await reconcilePendingAttempts(
      app.db,
      { charge: chargeOperationOf(deps()), [deviceChargeOperationName]: deviceChargeOperationOf(deps()) },
      {
        onError: (attempt, err) =>
          app.log.error({ err, attemptId: attempt.id }, 'charge attempt not reconciled'),
      },
    );
    if (summary.settled + summary.failed > 0)
      app.log.warn(summary, 'charge attempts of an earlier run reconciled');
  });

  app.post(
    '/api/payment-frame/tokenize',
    {
      config: { access: publicAccessReadingSession, rateLimit: tokenizeLimit },
      schema: {
        tags: ['payment-frame'],
        summary: "The sandbox gateway's tokenisation call: a card or bank account in, its token out",
        description:
          'The only call that carries a card number and CVV. They are checked (Luhn, expiry, test numbers ' +
          'beginning with 1), handed to the gateway and dropped: never stored, logged or returned.',
        body: tokenizeBody,
        response: { 200: tokenizeResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await tokenizePaymentMethod(deps(), request.body),
    }),
  );

  app.get(
    '/api/payment-frame/merchant',
    {
      config: { access: publicAccessReadingSession, rateLimit: readLimit },
      schema: {
        tags: ['payment-frame'],
        summary: 'The merchant a publishable key names, as the payment frame shows it',
        description:
          'A secret API key is refused (SECRET_KEY_IN_ADDRESS): addresses carry publishable keys only.',
        querystring: frameMerchantQuery,
        response: { 200: frameMerchantResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await frameMerchant(deps(), paymentFrameCallerOf(request), request.query),
    }),
  );

  app.get(
    '/api/payment-frame/logo',
    {
      config: { access: publicAccess, rateLimit: readLimit },
      schema: {
        tags: ['payment-frame'],
        summary: "The merchant's logo (else its parent's) as an image, for the payment frame's Show Logo",
        description: 'The image bytes (PNG or JPEG); 404 LOGO_NOT_FOUND as JSON when neither has a logo.',
        querystring: frameLogoQuery,
      },
    },
    async (request, reply) => {
      const logo = await frameLogo(deps(), request.query.key);
      // Stored logos are PNG or JPEG (checked by content on upload).
      const isPng = logo.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      return reply
        .type(isPng ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(logo);
    },
  );

  app.post(
    '/api/payment-frame/charge',
    {
      config: { access: publicAccessReadingSession },
      schema: {
        tags: ['payment-frame'],
        summary: 'Take a payment through the payment frame (card, ACH, cash or a saved method)',
        description:
          'Signed params (sig) bind the amount and methods; unsigned params only for a signed-in user with ' +
          'Virtual Terminal on the merchant. The same Idempotency-Key and body replay the first answer.',
        headers: idempotencyHeaders,
        body: chargeBody,
        response: { 200: frameChargeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await takeCharge(
        deps(),
        paymentFrameCallerOf(request),
        request.body,
        request.headers['idempotency-key'],
        { key: `POST/api/payment-frame/charge-${request.ip}`, ...chargeLimit },
      );
      return sendIdempotentOutcome(reply, result);
    },
  );

  app.post(
    '/api/payment-frame/sign',
    {
      config: { access: publicAccessReadingSession, rateLimit: readLimit },
      schema: {
        tags: ['payment-frame'],
        summary: 'Sign payment frame params (a signed-in user with Virtual Terminal on their merchant)',
        body: signBody,
        response: { 200: signResponse, 401: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await assertMaySignParams(deps(), paymentFrameCallerOf(request), request.body.params);
      const sig = signPaymentFrameParams(app, request.body.params);
      return {
        status: true as const,
        // A path of this portal: the caller puts its own origin in front.
        message: { sig, url: paymentFrameAddress('', request.body.params, sig) },
      };
    },
  );
};
