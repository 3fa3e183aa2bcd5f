import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, storedFileColumns } from './columns';
import { merchantState } from './enums';
import { users } from './users';

// Risk notes on a transaction. transaction_id has no foreign key:
// transactions are partitioned by created_at, which is kept beside it to reach the right partition.
export const transactionNotes = pgTable(
  'transaction_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    transactionId: uuid().notNull(),
    transactionCreatedAt: timestamp({ withTimezone: true }),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Notes of a transaction; has_notes of the risk rows.
    index('transaction_notes_transaction_idx').on(t.transactionId, t.createdAt),
  ],
);

// One optional attachment per note; content lives in file_blobs by storage_key.
export const transactionNoteAttachments = pgTable(
  'transaction_note_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    noteId: uuid()
      .notNull()
      .references(() => transactionNotes.id, { onDelete: 'cascade' }),
    ...storedFileColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('transaction_note_attachments_note_idx').on(t.noteId)],
);

// Freeze / unfreeze history (Merchant Control's 'Status Change History').
export const merchantStatusHistory = pgTable(
  'merchant_status_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    status: merchantState().notNull(),
    changedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchant_status_history_client_idx').on(t.clientId, t.createdAt),
    // The history table lists every merchant, newest first.
    index('merchant_status_history_created_idx').on(t.createdAt),
  ],
);

// Each merchant's payments (the risk rules' types, not declined) summed by UTC minute, hour and day,
// kept by statement triggers on transactions (migration 0019): a payment's risk figures read a few
// dozen buckets and the rows of two partial minutes instead of its merchant's 30 days.
export const paymentRiskBuckets = pgTable(
  'payment_risk_buckets',
  {
    clientId: uuid().notNull(),
    span: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    n: bigint({ mode: 'number' }).notNull(),
    total: numeric().notNull(),
    squares: numeric().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.span, t.startsAt] }),
    check('payment_risk_buckets_span', sql`${t.span} in ('minute', 'hour', 'day')`),
  ],
);

// Risk review's settings, one row (absent: the defaults in contracts risk/dispute-ratio). The dispute
// ratio threshold is kept in hundredths of a percent (90 is 0.90%), so the flag compares integers.
export const riskSettings = pgTable(
  'risk_settings',
  {
    id: boolean().primaryKey().default(true),
    disputeRatioThresholdHundredths: integer().notNull(),
    updatedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('risk_settings_single_row', sql`${t.id}`),
    check(
      'risk_settings_dispute_ratio_threshold_range',
      sql`${t.disputeRatioThresholdHundredths} between 1 and 10000`,
    ),
  ],
);
