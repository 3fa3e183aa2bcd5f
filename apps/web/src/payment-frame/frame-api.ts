import type {
  ChargeBody,
  ChargeResult,
  FrameMerchant,
  PaymentTokenView,
  TokenizeBody,
} from '@portico/contracts/payment-frame/charge';
import type { ScheduledSeriesResult } from '@portico/contracts/payment-frame/scheduled-series';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';

// The frame's calls, with fetch only: no portal api-client (it would pull the portal's code in).
export type Answer<T> = { ok: true; value: T } | { ok: false; message: string };

type Envelope = { status?: unknown; message?: unknown; error?: { message?: unknown } };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null;
}

async function call<T>(
  input: string,
  init: RequestInit,
  isValue: (value: unknown) => value is T,
): Promise<Answer<T>> {
  try {
    const response = await fetch(input, { credentials: 'same-origin', ...init });
    const body: unknown = await response.json();
    if (!isEnvelope(body)) return { ok: false, message: PaymentFrameText.PaymentFailedToProcess };
    if (response.ok && body.status === true && isValue(body.message))
      return { ok: true, value: body.message };
    const message = body.error?.message;
    // A 5xx never explains itself to a payer; anything else is the server's clear message.
    if (response.status < 500 && typeof message === 'string') return { ok: false, message };
    return { ok: false, message: PaymentFrameText.PaymentFailedToProcess };
  } catch {
    return { ok: false, message: PaymentFrameText.PaymentFailedToProcess };
  }
}

const hasKeys =
  <T>(...keys: string[]) =>
  (value: unknown): value is T =>
    typeof value === 'object' && value !== null && keys.every((key) => key in value);

// The frame's own params and sig go along: the server lists the merchant's locations only where
// the signed params ask for the dropdown.
export function fetchMerchant(
  key: string,
  params: string,
  sig: string | undefined,
): Promise<Answer<FrameMerchant>> {
  const query = new URLSearchParams({ key, params, ...(sig === undefined ? {} : { sig }) });
  return call(
    `/api/payment-frame/merchant?${query.toString()}`,
    {},
    hasKeys<FrameMerchant>('name', 'can_take_card', 'can_take_ach', 'locations', 'virtual_terminal'),
  );
}

const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export function tokenize(body: TokenizeBody): Promise<Answer<PaymentTokenView>> {
  return call('/api/payment-frame/tokenize', postJson(body), hasKeys<PaymentTokenView>('token', 'last4'));
}

// A payment's receipt, or a subscription that starts later: scheduled, nothing charged.
export function charge(
  body: ChargeBody,
  idempotencyKey: string,
): Promise<Answer<ChargeResult | ScheduledSeriesResult>> {
  const isPayment = hasKeys<ChargeResult>('id', 'amount', 'message');
  const isScheduled = hasKeys<ScheduledSeriesResult>('scheduled', 'first_charge_date', 'message');
  return call(
    '/api/payment-frame/charge',
    postJson(body, { 'idempotency-key': idempotencyKey }),
    (value): value is ChargeResult | ScheduledSeriesResult => isPayment(value) || isScheduled(value),
  );
}
