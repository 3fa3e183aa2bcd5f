import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@portico/contracts/developers/webhooks';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { subscriptions } from '../db/schema/subscriptions';
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

export type SubscriptionEventType = Extract<WebhookEventType, `subscription.${string}`>;

// A subscription event: the series as it stands after the change (read in the change's own
// transaction), plus what the change adds (the charge, the decline). Amounts are signed decimals.
export async function recordSubscriptionEvent(
  executor: Executor,
  type: SubscriptionEventType,
  subscriptionId: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const [series] = await executor
    .select({
      clientId: subscriptions.clientId,
      amountCents: subscriptions.amountCents,
      interval: subscriptions.interval,
      frequency: subscriptions.frequency,
      cycles: subscriptions.cycles,
      cyclesCompleted: subscriptions.cyclesCompleted,
      isActive: subscriptions.isActive,
      startDate: subscriptions.startDate,
      nextChargeDate: subscriptions.nextChargeDate,
      endReason: subscriptions.endReason,
      description: subscriptions.description,
    })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!series) throw new Error(`subscription ${subscriptionId} not found for its ${type} event`);
  return recordWebhookEvent(executor, {
    type,
    clientId: series.clientId,
    objectType: 'subscription',
    objectId: subscriptionId,
    data: {
      amount: formatCentsAsDecimal(series.amountCents),
      currency: 'USD',
      interval: series.interval,
      frequency: series.frequency,
      cycles: series.cycles,
      cycles_completed: series.cyclesCompleted,
      status: series.isActive ? 'active' : 'ended',
      start_date: series.startDate,
      next_charge_date: series.nextChargeDate,
      end_reason: series.endReason,
      description: series.description,
      ...extra,
    },
  });
}

// The set-based sibling of recordWebhookEvent, for changes made many rows at a time in one SQL
// statement (statements posted, payouts made): a data-modifying CTE body that writes one event per
// row of `source` (a CTE of that statement), with the same body shape, in the same transaction.
// `data` is a jsonb object expression over the source row `s`; amounts through sqlCentsAsDecimal.
export function webhookEventsFromRows(input: {
  type: WebhookEventType;
  source: SQL;
  clientId: SQL;
  objectType: string;
  objectId: SQL;
  data: SQL;
  where?: SQL;
  createdAt: Date;
}): SQL {
  const createdAt = input.createdAt.toISOString();
  return sql`insert into webhook_events (id, type, client_id, object_type, object_id, payload, created_at)
    select s.event_id, ${input.type}, ${input.clientId}, ${input.objectType}, (${input.objectId})::text,
      jsonb_build_object('id', s.event_id, 'type', ${input.type}::text, 'created_at', ${createdAt}::text,
        'merchant_id', ${input.clientId},
        'data', jsonb_build_object('object',
          jsonb_build_object('object', ${input.objectType}::text, 'id', (${input.objectId})::text) || ${input.data})),
      ${createdAt}::timestamptz
    -- A volatile call in the select list runs per row (a lateral subquery of no column runs once).
    from (select src.*, gen_random_uuid() as event_id from ${input.source} src) s
    ${input.where ? sql`where ${input.where}` : sql``}`;
}

// Cents as the API's signed decimal with two places ('-5.00'), as formatCentsAsDecimal writes them.
export function sqlCentsAsDecimal(cents: SQL): SQL {
  return sql`to_char((${cents})::numeric / 100, 'FM999999999999990.00')`;
}
