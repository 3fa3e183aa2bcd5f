import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { subEntities } from './access';
import { clients } from './clients';
import { cents, createdAt, timestamptz, updatedAt } from './columns';
import { subscriptionChargeStatus, subscriptionInterval } from './enums';
import { vaultCustomers, vaultPaymentMethods } from './vault';

// A recurring charge series. The API's status 'true'/'false' is is_active.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    customerId: uuid().references(() => vaultCustomers.id, { onDelete: 'set null' }),
    paymentMethodId: uuid().references(() => vaultPaymentMethods.id, { onDelete: 'set null' }),
    // Token of the payment method at set-up, shown as the part after the first dash.
    token: text().notNull(),
    email: text().notNull(),
    description: text(),
    amountCents: cents().notNull(),
    interval: subscriptionInterval().notNull(),
    frequency: integer().notNull().default(1),
    // null recurs until cancelled.
    cycles: integer(),
    cyclesCompleted: integer().notNull().default(0),
    trialDays: integer().notNull().default(0),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    nextChargeDate: date({ mode: 'string' }),
    isActive: boolean().notNull().default(true),
    // The merchant location the payer chose on the link: the scheduler records each cycle's
    // charge there, as the payment frame records the first.
    subEntityId: uuid().references(() => subEntities.id, { onDelete: 'set null' }),
    endedAt: timestamptz(),
    endReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Recurring charges grid of a merchant.
    index('subscriptions_client_idx').on(t.clientId, t.createdAt),
    // The scheduler picks due, active series.
    index('subscriptions_due_idx').on(t.nextChargeDate).where(sql`${t.isActive}`),
    // The set-null sweep when a location is deleted.
    index('subscriptions_sub_entity_idx').on(t.subEntityId).where(sql`${t.subEntityId} is not null`),
    check('subscriptions_amount_positive', sql`${t.amountCents} > 0`),
    check('subscriptions_frequency_positive', sql`${t.frequency} >= 1`),
  ],
);

// One scheduled or completed charge of a series, linked to the transaction it produced (no foreign
// key: transactions are partitioned by created_at).
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    scheduledFor: date({ mode: 'string' }).notNull(),
    amountCents: cents().notNull(),
    status: subscriptionChargeStatus().notNull().default('scheduled'),
    transactionId: uuid(),
    transactionCreatedAt: timestamp({ withTimezone: true }),
    // The scheduler's tries of this cycle (dunning): declines so far, the next try's date (null: none
    // left or not needed) and the processor's last reason, shown to the merchant.
    attempts: integer().notNull().default(0),
    nextAttemptOn: date({ mode: 'string' }),
    failureReason: text(),
    // The customer's receipt or failure notice is still to send: set with the outcome, cleared once
    // sent, so a crash in between is caught up by the next run.
    isNoticePending: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // A series is charged at most once per scheduled date, even if the job runs twice.
    uniqueIndex('subscription_charges_series_date_unique').on(t.subscriptionId, t.scheduledFor),
    // A paid subscription link creates its series once, however often the charge is retried.
    uniqueIndex('subscription_charges_transaction_unique')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    index('subscription_charges_notice_pending_idx').on(t.subscriptionId).where(sql`${t.isNoticePending}`),
  ],
);

// Public unsubscribe links: the customer's cancelId is a 256-bit random token, not the
// series id; only its SHA-256 is kept and a token works once.
export const subscriptionCancelTokens = pgTable(
  'subscription_cancel_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    usedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('subscription_cancel_tokens_hash_unique').on(t.tokenHash),
    index('subscription_cancel_tokens_subscription_idx').on(t.subscriptionId),
  ],
);

export type Subscription = typeof subscriptions.$inferSelect;
