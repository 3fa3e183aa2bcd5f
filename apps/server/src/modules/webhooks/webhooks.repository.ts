import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/webhooks';
import { queryRows } from '../../db/sql-rows';

export type EndpointRow = typeof webhookEndpoints.$inferSelect & { merchantName: string };

const endpointColumns = {
  id: webhookEndpoints.id,
  clientId: webhookEndpoints.clientId,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  isEnabled: webhookEndpoints.isEnabled,
  secretEnc: webhookEndpoints.secretEnc,
  secretLast4: webhookEndpoints.secretLast4,
  failingSince: webhookEndpoints.failingSince,
  disabledReason: webhookEndpoints.disabledReason,
  createdByUserId: webhookEndpoints.createdByUserId,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
  merchantName: sql<string>`coalesce(${clients.dbaName}, ${clients.name})`,
};

export async function listEndpoints(
  executor: Executor,
  clientIds: readonly string[],
): Promise<EndpointRow[]> {
  if (clientIds.length === 0) return [];
  return executor
    .select(endpointColumns)
    .from(webhookEndpoints)
    .innerJoin(clients, eq(clients.id, webhookEndpoints.clientId))
    .where(inArray(webhookEndpoints.clientId, [...clientIds]))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function findEndpoint(
  executor: Executor,
  id: string,
  options: { lock: boolean } = { lock: false },
): Promise<EndpointRow | undefined> {
  const query = executor
    .select(endpointColumns)
    .from(webhookEndpoints)
    .innerJoin(clients, eq(clients.id, webhookEndpoints.clientId))
    .where(eq(webhookEndpoints.id, id));
  const [row] = options.lock ? await query.for('update', { of: webhookEndpoints }) : await query;
  return row;
}

export async function insertEndpoint(executor: Executor, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await executor.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return row.id;
}

export async function updateEndpoint(
  executor: Executor,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<void> {
  await executor.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id));
}

export async function deleteEndpoint(executor: Executor, id: string): Promise<void> {
  await executor.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

// ---- Delivery ------------------------------------------------------------------------------------

// Makes the deliveries of events not yet dispatched, in one statement: each event goes to every
// enabled endpoint of its merchant and of the parents above it that asked for its type. Events are
// taken in order and skipped when another instance holds them; making a delivery twice is a no-op.
export async function dispatchEvents(executor: Executor, now: Date, limit: number): Promise<number> {
  const rows = await queryRows(
    executor,
    sql`with recursive ev as (
        select id, seq, type, client_id, object_type || ':' || object_id as object_key
        from webhook_events where dispatched_at is null
        order by seq limit ${limit} for update skip locked
      ),
      up (event_id, client_id, depth) as (
        select ev.id, ev.client_id, 0 from ev
        union all
        select up.event_id, c.parent_id, up.depth + 1 from up join clients c on c.id = up.client_id
        where c.parent_id is not null and up.depth < 32
      ),
      made as (
        insert into webhook_deliveries (event_id, endpoint_id, event_seq, object_key, next_attempt_at, retry_until)
        select ev.id, e.id, ev.seq, ev.object_key, ${now}::timestamptz,
          ${now}::timestamptz + interval '72 hours'
        from ev join up on up.event_id = ev.id
        join webhook_endpoints e on e.client_id = up.client_id and e.is_enabled and ev.type = any(e.event_types)
        on conflict do nothing
        returning 1
      ),
      marked as (
        update webhook_events set dispatched_at = ${now}::timestamptz where id in (select id from ev) returning 1
      )
      select (select count(*) from marked)::int as events, (select count(*) from made)::int as deliveries`,
  );
  return z.coerce.number().parse(rows[0]?.events ?? 0);
}

const claimedRow = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  endpoint_id: z.string(),
  url: z.string(),
  secret_enc: z.string(),
  client_id: z.string(),
  attempts: z.coerce.number(),
  retry_until: z.coerce.date(),
  payload: z.unknown(),
});
export type ClaimedDelivery = z.infer<typeof claimedRow>;

// Claims deliveries that are due, for leaseSeconds: skipped when another instance holds them, and
// held back while an earlier event of the same object is still pending for the same endpoint (in
// order per object). onlyId: claim that one delivery (a resend or a test event), due or not.
export async function claimDueDeliveries(
  executor: Executor,
  options: { now: Date; limit: number; leaseSeconds: number; onlyId?: string },
): Promise<ClaimedDelivery[]> {
  const { now } = options;
  const which: SQL =
    options.onlyId === undefined
      ? sql`d.next_attempt_at <= ${now}::timestamptz`
      : sql`d.id = ${options.onlyId}::uuid`;
  const rows = await queryRows(
    executor,
    sql`with due as (
        select d.id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.is_enabled
        where d.status = 'pending' and ${which}
          and (d.locked_until is null or d.locked_until < ${now}::timestamptz)
          and not exists (
            select 1 from webhook_deliveries earlier
            where earlier.endpoint_id = d.endpoint_id and earlier.object_key = d.object_key
              and earlier.status = 'pending' and earlier.event_seq < d.event_seq
          )
        order by d.event_seq
        limit ${options.limit}
        for update of d skip locked
      ),
      claimed as (
        update webhook_deliveries d
        set locked_until = ${now}::timestamptz + make_interval(secs => ${options.leaseSeconds})
        from due where d.id = due.id
        returning d.id, d.event_id, d.endpoint_id, d.attempts, d.retry_until
      )
      select c.id::text, c.event_id::text, ev.type as event_type, c.endpoint_id::text, e.url, e.secret_enc,
        e.client_id::text, c.attempts, c.retry_until, ev.payload
      from claimed c
      join webhook_events ev on ev.id = c.event_id
      join webhook_endpoints e on e.id = c.endpoint_id
      order by ev.seq`,
  );
  return rows.map((row) => claimedRow.parse(row));
}

export type AttemptOutcome = {
  deliveryId: string;
  endpointId: string;
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
};

export async function insertAttempts(executor: Executor, outcomes: readonly AttemptOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await executor.insert(webhookAttempts).values(
    outcomes.map((outcome) => ({
      deliveryId: outcome.deliveryId,
      attemptedAt: outcome.attemptedAt,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.excerpt,
      error: outcome.error,
    })),
  );
}

// Successes in one statement: delivered, and their endpoints no longer failing.
export async function markDelivered(executor: Executor, outcomes: readonly AttemptOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const ids = outcomes.map((outcome) => outcome.deliveryId);
  const at = outcomes[0]?.attemptedAt ?? new Date();
  await executor
    .update(webhookDeliveries)
    .set({
      status: 'delivered',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: sql`(select a.status_code from webhook_attempts a where a.delivery_id = ${webhookDeliveries.id} order by a.attempted_at desc limit 1)`,
      deliveredAt: at,
      lockedUntil: null,
    })
    .where(inArray(webhookDeliveries.id, ids));
  const endpointIds = [...new Set(outcomes.map((outcome) => outcome.endpointId))];
  await executor
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(inArray(webhookEndpoints.id, endpointIds), sql`${webhookEndpoints.failingSince} is not null`));
}

// A failed attempt: tried again after `retryAt`, or failed for good when that is past its window.
export async function markAttemptFailed(
  executor: Executor,
  outcome: AttemptOutcome,
  next: { retryAt: Date } | { failedAt: Date },
): Promise<void> {
  await executor
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: outcome.statusCode,
      lockedUntil: null,
      ...('retryAt' in next
        ? { nextAttemptAt: next.retryAt }
        : { status: 'failed' as const, failedAt: next.failedAt }),
    })
    .where(eq(webhookDeliveries.id, outcome.deliveryId));
}

// Marks the endpoint failing from `at` unless it already is; answers since when it fails.
export async function markEndpointFailing(
  executor: Executor,
  endpointId: string,
  at: Date,
): Promise<Date | null> {
  const [row] = await executor
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at}::timestamptz)` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.isEnabled, true)))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? null;
}

// A delivery made now for one endpoint (a test event), outside the outbox's dispatch.
export async function insertDirectDelivery(
  executor: Executor,
  values: { eventId: string; endpointId: string; eventSeq: number; objectKey: string; now: Date },
): Promise<string> {
  const [row] = await executor
    .insert(webhookDeliveries)
    .values({
      eventId: values.eventId,
      endpointId: values.endpointId,
      eventSeq: values.eventSeq,
      objectKey: values.objectKey,
      nextAttemptAt: values.now,
      retryUntil: new Date(values.now.getTime() + 72 * 3600_000),
    })
    .returning({ id: webhookDeliveries.id });
  if (!row) throw new Error('webhook delivery insert returned nothing');
  return row.id;
}

export async function insertEvent(executor: Executor, values: typeof webhookEvents.$inferInsert) {
  const [row] = await executor.insert(webhookEvents).values(values).returning({ seq: webhookEvents.seq });
  if (!row) throw new Error('webhook event insert returned nothing');
  return row.seq;
}

// ---- Log and resend ---------------------------------------------------------------------------

export type DeliveryFilter = {
  endpointIds: readonly string[];
  endpointId?: string;
  eventType?: string;
  status?: 'pending' | 'delivered' | 'failed';
  from?: Date;
  to?: Date;
  limit: number;
};

export async function listDeliveries(executor: Executor, filter: DeliveryFilter) {
  if (filter.endpointIds.length === 0) return [];
  return executor
    .select({
      id: webhookDeliveries.id,
      eventId: webhookEvents.id,
      eventType: webhookEvents.type,
      eventCreatedAt: webhookEvents.createdAt,
      payload: webhookEvents.payload,
      endpointId: webhookEndpoints.id,
      endpointUrl: webhookEndpoints.url,
      merchantName: sql<string>`coalesce(${clients.dbaName}, ${clients.name})`,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      attemptLog: sql<unknown>`coalesce((
        select json_agg(json_build_object(
          'attempted_at', a.attempted_at, 'status_code', a.status_code, 'duration_ms', a.duration_ms,
          'response_excerpt', a.response_excerpt, 'error', a.error) order by a.attempted_at)
        from webhook_attempts a where a.delivery_id = ${webhookDeliveries.id}), '[]'::json)`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(clients, eq(clients.id, webhookEvents.clientId))
    .where(
      and(
        inArray(webhookDeliveries.endpointId, [...filter.endpointIds]),
        filter.endpointId ? eq(webhookDeliveries.endpointId, filter.endpointId) : undefined,
        filter.eventType ? eq(webhookEvents.type, filter.eventType) : undefined,
        filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
        filter.from ? gte(webhookEvents.createdAt, filter.from) : undefined,
        filter.to ? lte(webhookEvents.createdAt, filter.to) : undefined,
      ),
    )
    .orderBy(desc(webhookEvents.seq))
    .limit(filter.limit);
}

export async function findDeliveryOwner(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      clientId: webhookEndpoints.clientId,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

// Sent again: pending from now, with a new retry window, whatever it was.
export async function reopenDeliveries(executor: Executor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + 72 * 3600_000),
      lockedUntil: null,
      failedAt: null,
    })
    .where(inArray(webhookDeliveries.id, [...ids]));
}

export async function failedDeliveryIdsSince(
  executor: Executor,
  endpointIds: readonly string[],
  since: Date,
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const rows = await executor
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        inArray(webhookDeliveries.endpointId, [...endpointIds]),
        eq(webhookDeliveries.status, 'failed'),
        gte(webhookEvents.createdAt, since),
      ),
    );
  return rows.map((row) => row.id);
}

export async function deleteEventsBefore(executor: Executor, before: Date): Promise<number> {
  const rows = await executor
    .delete(webhookEvents)
    .where(lte(webhookEvents.createdAt, before))
    .returning({ id: webhookEvents.id });
  return rows.length;
}
