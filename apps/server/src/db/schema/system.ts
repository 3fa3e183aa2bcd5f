import { date, index, inet, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { auditOutcome, emailStatus } from './enums';
import { users } from './users';

// Outgoing e-mail: written in the same transaction as the change that sends it, delivered by a job
// (SMTP when configured, otherwise the dev mailbox page reads it).
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddresses: text().array().notNull(),
    subject: text().notNull(),
    bodyHtml: text(),
    bodyText: text(),
    // Files sent with the message, read from disk at each delivery: [{ filename, path, contentType }].
    attachments: jsonb().$type<{ filename: string; path: string; contentType: string }[]>(),
    status: emailStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    sentAt: timestamptz(),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // The delivery job picks pending mail whose retry time has come.
    index('email_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    // Dev mailbox, newest first.
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

// Append-only audit trail. actor_user_id has no foreign key so the trail outlives the
// account it names; a trigger in migration 0000 refuses UPDATE and DELETE.
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorUserId: uuid(),
    actorEmail: text(),
    // The admin behind a mimic session.
    onBehalfOfUserId: uuid(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    clientId: uuid(),
    outcome: auditOutcome().notNull(),
    ip: inet(),
    userAgent: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    // The audit page: newest first by (created_at, id), alone or by action, merchant,
    // actor e-mail or the staff member behind a mimic session.
    index('audit_log_created_id_idx').on(t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_client_idx').on(t.clientId, t.createdAt, t.id),
    index('audit_log_actor_email_idx').on(t.actorEmail, t.createdAt),
    index('audit_log_on_behalf_of_idx').on(t.onBehalfOfUserId, t.createdAt),
  ],
);

// Idempotency-Key records for money-moving calls. A request holds the row (locked_until)
// while it runs; a replay with the same key and hash gets the stored answer, a different hash a 409.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text().notNull(),
    path: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer(),
    responseBody: jsonb().$type<unknown>(),
    lockedUntil: timestamptz(),
    completedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key),
    // Expiry sweep.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

// Marks that the demo seed ran (one row per seed name), so start-up seeds only once.
export const seedState = pgTable('seed_state', {
  name: text().primaryKey(),
  anchorDate: date({ mode: 'string' }).notNull(),
  transactions: integer().notNull(),
  details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  seededAt: createdAt(),
});
