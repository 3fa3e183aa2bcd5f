import { randomUUID } from 'node:crypto';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import type { FastifyInstance } from 'fastify';
import { signPaymentFrameParams } from '../src/lib/payment-frame-signature';

// A one-time card link as the payment link builder makes it, for the merchant of publishableKey; each
// test overrides what it is about (source undefined: a reusable payment page).
export function linkBuilderParams(
  publishableKey: string,
  overrides: Partial<PaymentFrameParams> = {},
): PaymentFrameParams {
  return {
    publishableKey,
    paymentType: 'charge',
    amount: '42.00',
    description: 'Invoice 1042',
    paymentOptions: ['credit_card'],
    source: 'link-builder',
    ...overrides,
  };
}

// The payer's side of the payment frame in API tests (charges, card entry, subscription links):
// signed links, tokenisation and charges as a browser sends them, each call from its own address
// so the routes' per-address limits are not what a test measures.
export function paymentFramePayer(app: Pick<FastifyInstance, 'inject' | 'dataKey'>) {
  let count = 0;
  const address = () => {
    count += 1;
    return `10.1.${Math.floor(count / 250)}.${count % 250}`;
  };
  return {
    address,
    signedLink(publishableKey: string, overrides: Partial<PaymentFrameParams> = {}) {
      const params = encodePaymentFrameParams({ publishableKey, ...overrides });
      return { params, sig: signPaymentFrameParams(app, params) };
    },
    tokenize(payload: Record<string, string>) {
      return app.inject({
        method: 'POST',
        url: '/api/payment-frame/tokenize',
        payload,
        remoteAddress: address(),
      });
    },
    charge(body: Record<string, unknown>, options: { key?: string; cookie?: string } = {}) {
      return app.inject({
        method: 'POST',
        url: '/api/payment-frame/charge',
        remoteAddress: address(),
        headers: {
          'idempotency-key': options.key ?? randomUUID(),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
        payload: body,
      });
    },
  };
}
