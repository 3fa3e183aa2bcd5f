import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@portico/contracts/developers/webhooks';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import type { Executor } from '../db/client';
import { webhookEvents } from '../db/schema/webhooks';

// The webhook outbox: every change a webhook reports writes its event through here, with the
// executor of the change's own transaction, so the change and its event commit (or roll back)
// together. Delivery reads the outbox later (modules/webhooks); nothing here waits for a receiver.

export type WebhookEventInput = {
  type: WebhookEventType;
  // The merchant the change belongs to; endpoints of it and of the parents above it hear it.
  clientId: string;
  // The object the event is about: its events reach each endpoint in the order they were written.
  objectType: string;
  objectId: string;
  data: Record<string, unknown>;
};

export type WebhookEventRow = typeof webhookEvents.$inferInsert & {
  id: string;
  payload: Record<string, unknown>;
};

// The body receivers get, fixed when the change happens: a later change never rewrites it.
export function webhookEventRowOf(input: WebhookEventInput, createdAt: Date = new Date()): WebhookEventRow {
  const id = randomUUID();
  return {
    id,
    type: input.type,
    clientId: input.clientId,
    objectType: input.objectType,
    objectId: input.objectId,
    payload: {
      id,
      type: input.type,
      created_at: createdAt.toISOString(),
      merchant_id: input.clientId,
      data: { object: { object: input.objectType, id: input.objectId, ...input.data } },
    },
    createdAt,
  };
}

export async function recordWebhookEvent(executor: Executor, input: WebhookEventInput): Promise<string> {
  const row = webhookEventRowOf(input);
  await executor.insert(webhookEvents).values(row);
  return row.id;
}

export async function recordWebhookEvents(executor: Executor, inputs: readonly WebhookEventInput[]) {
  if (inputs.length === 0) return;
  const createdAt = new Date();
  await executor.insert(webhookEvents).values(inputs.map((input) => webhookEventRowOf(input, createdAt)));
}

// A payment as every payment event shows it. Amounts are signed decimals: refunds and voids negative.
export type PaymentEventFacts = {
  id: string;
  amountCents: number;
  status: string;
  method: string | null;
  cardBrand?: string | null;
  last4?: string | null;
  createdAt: Date;
  // The payment a void or refund undoes.
  originalPaymentId?: string | null;
  reason?: string | null;
};

export function paymentEventData(facts: PaymentEventFacts): Record<string, unknown> {
  return {
    amount: formatCentsAsDecimal(facts.amountCents),
    currency: 'USD',
    status: facts.status,
    method: facts.method,
    card_brand: facts.cardBrand ?? null,
    last4: facts.last4 ?? null,
    created_at: facts.createdAt.toISOString(),
    ...(facts.originalPaymentId ? { original_payment_id: facts.originalPaymentId } : {}),
    ...(facts.reason ? { reason: facts.reason } : {}),
  };
}
