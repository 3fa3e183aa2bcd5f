import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, timestamptz, updatedAt } from './columns';

// A merchant's (or a parent's, for its whole hierarchy) address that hears about its events. The
// signing secret is sealed (encrypted-columns: webhookEndpointSecret) beside its last four.
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text(),
    eventTypes: text().array().notNull(),
    isEnabled: boolean().notNull().default(true),
    secretEnc: text().notNull(),
    secretLast4: text().notNull(),
    // The first failed attempt since the last success; three days of failures disable the endpoint.
    failingSince: timestamptz(),
    // Why it was switched off by the system ('failing'); null when a person switched it.
    disabledReason: text(),
    createdByUserId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_client_idx').on(t.clientId)],
);

// The outbox: one row per change a webhook reports, written in the transaction of the change.
// seq orders the events of one object; dispatched_at is set once deliveries were made for it.
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    type: text().notNull(),
    clientId: uuid().notNull(),
    objectType: text().notNull(),
    objectId: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    dispatchedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_events_undispatched_idx').on(t.seq).where(sql`dispatched_at is null`),
    index('webhook_events_client_created_idx').on(t.clientId, t.createdAt),
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

// One event to one endpoint: pending until delivered, failed once its retry window closed.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventSeq: bigint({ mode: 'number' }).notNull(),
    objectKey: text().notNull(),
    status: text().$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull(),
    // Retried until then; a resend opens a new window.
    retryUntil: timestamptz().notNull(),
    // Held by a delivery run until then (a run that died lets it go when this passes).
    lockedUntil: timestamptz(),
    lastStatusCode: integer(),
    deliveredAt: timestamptz(),
    failedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_unique').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    // A later event of one object waits for the earlier ones still pending.
    index('webhook_deliveries_object_order_idx')
      .on(t.endpointId, t.objectKey, t.eventSeq)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

// Each HTTP request made for a delivery: when, the answer's status, how long, its first 2 kB.
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamptz().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    responseExcerpt: text(),
    error: text(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
