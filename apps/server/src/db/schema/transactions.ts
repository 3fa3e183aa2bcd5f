import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { subEntities } from './access';
import { clients } from './clients';
import { cents } from './columns';
import { actionMode, processor, proPayStatus, transactionType } from './enums';
import { vaultCustomers } from './vault';

// What the gateway answered (a transaction's api_response), kept as received.
export type ApiResponse = {
  token?: string;
  meta?: Record<string, unknown>;
  original_transaction?: unknown;
  original_transaction_id?: string;
  sub_location?: { name?: string; custom_fields?: Record<string, unknown> };
  [key: string]: unknown;
};

// Every field a transaction report shows. Migration 0000 turns this table into
// PARTITION BY RANGE (created_at), one partition per month: the primary key therefore includes
// created_at, and no other table can hold a foreign key to a transaction by id alone.
export const transactions = pgTable(
  'transactions',
  {
    id: uuid().notNull().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    subEntityId: uuid().references(() => subEntities.id, { onDelete: 'set null' }),
    customerId: uuid().references(() => vaultCustomers.id, { onDelete: 'set null' }),
    type: transactionType().notNull(),
    action: text(),
    actionMode: actionMode(),
    amountCents: cents().notNull(),
    feeCents: cents().notNull().default(0),
    surchargeCents: cents().notNull().default(0),
    // null while the processor has not answered; "not false" is what void/refund eligibility asks.
    paymentStatus: boolean(),
    requestStatus: boolean().notNull().default(true),
    // Processor status text ('Approved', 'Declined', 'Returned' ...).
    status: text(),
    cardBrand: text(),
    cardType: text(),
    proPayStatus: proPayStatus(),
    processor: processor(),
    // card, check, cash, crypto.
    paymentMethod: text(),
    last4: text(),
    // Vault token in the product's ISSUER-last4-mm-yyyy form; never a card number.
    token: text(),
    customerFirstName: text(),
    customerLastName: text(),
    // Stored lowercased so search by e-mail is an index lookup.
    customerEmail: text(),
    // Refunds, voids and reversals point at the transaction they undo. No foreign key: the target is
    // partitioned (its key is id + created_at) and old partitions must stay detachable.
    originalTransactionId: uuid(),
    settlementAmountCents: cents(),
    settlementDate: date({ mode: 'string' }),
    apiResponse: jsonb().$type<ApiResponse>(),
    thirdPartyApiResponse: jsonb().$type<Record<string, unknown>>(),
    // firstName, lastName, email, customFields ('Clinic Location' ...).
    meta: jsonb().$type<Record<string, unknown>>(),
    // A test payment: booked while its merchant was a sandbox account (status in_development). The
    // database sets it as the row is written (trigger transactions_set_is_test), whichever path books
    // it, so a value given by the insert is never kept.
    isTest: boolean().notNull().default(false),
    // A cardholder disputed this payment: its money now moves through the dispute, never a void or
    // refund. The database sets it when the dispute is written (trigger disputes_mark_transaction), so
    // every report row can say so without a lookup per row.
    isDisputed: boolean().notNull().default(false),
    // Some transaction names this one as its original (a void, refund or reversal of it, whether or
    // not it went through). The database sets it as that row is written (trigger
    // transactions_mark_originals), so the report reads the undoes of the rows that have any, not
    // of every row. Never cleared: a flag on a row whose undo failed costs a lookup that finds none.
    hasFollowUps: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    // Report page of one merchant: newest first, keyset on (created_at, id); also velocity per hour.
    // No (client_id, type, created_at) index: type has a handful of values, so filtering what this
    // index returns is as fast, and each index costs write time.
    index('transactions_client_created_idx').on(
      t.clientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Admin report over all merchants, same ordering.
    index('transactions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sum of refunds / voids of one original (refund limit, eligibility).
    index('transactions_original_idx')
      .on(t.originalTransactionId)
      .where(sql`${t.originalTransactionId} is not null`),
    // Search by card within a merchant and a date range.
    index('transactions_client_last4_idx')
      .on(t.clientId, t.last4, t.createdAt)
      .where(sql`${t.last4} is not null`),
    // The global search over every merchant: an e-mail prefix (stored lowercased) as a C-collated
    // range, and a card's last 4 with the amount; the merchant in the key filters without the heap.
    index('transactions_search_email_idx')
      .on(sql`${t.customerEmail} collate "C"`, t.clientId)
      .where(sql`${t.customerEmail} is not null`),
    index('transactions_search_last4_amount_idx')
      .on(t.last4, t.amountCents, t.clientId)
      .where(sql`${t.last4} is not null`),
    // Search by customer e-mail within a merchant and a date range.
    index('transactions_client_email_idx')
      .on(t.clientId, t.customerEmail, t.createdAt)
      .where(sql`${t.customerEmail} is not null`),
    // Reports filtered by location, and the set-null sweep when a location is deleted.
    index('transactions_sub_entity_idx')
      .on(t.subEntityId, t.createdAt)
      .where(sql`${t.subEntityId} is not null`),
    // Vault customer history; also the set-null sweep when a vault customer is deleted.
    index('transactions_customer_idx').on(t.customerId, t.createdAt).where(sql`${t.customerId} is not null`),
    // The risk check of one new payment (risk module): its merchant's payments of the trailing 30 days
    // (count, amounts, type) read from the index alone, without a heap page per payment.
    index('transactions_client_risk_idx')
      .on(t.clientId, t.createdAt, t.type, t.amountCents)
      .where(sql`${t.paymentStatus} is distinct from false`),
  ],
);

export type Transaction = typeof transactions.$inferSelect;

// Each merchant's (and location's) transactions summed by UTC hour and UTC day: how many did not fail
// and their gross by the contracts rule. Kept by statement triggers on transactions (migration 0041),
// so the dashboard's windows of local days read a few hundred sums per merchant, not its year of rows.
export const transactionTotals = pgTable(
  'transaction_totals',
  {
    clientId: uuid().notNull(),
    subEntityId: uuid(),
    span: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    transactions: bigint({ mode: 'number' }).notNull(),
    grossCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    unique('transaction_totals_bucket_unique')
      .on(t.clientId, t.span, t.startsAt, t.subEntityId)
      .nullsNotDistinct(),
    index('transaction_totals_span_starts_idx').on(t.span, t.startsAt),
    check('transaction_totals_span', sql`${t.span} in ('hour', 'day')`),
  ],
);
