import { date, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { cents, createdAt } from './columns';
import { payoutItemKind, payoutStatus, processor } from './enums';

// A settlement group: what one processor settled for one client on one day of the transactions made
// in one statement month, aggregated from them (gross adds sales and subtracts refunds, voids and
// credits; net also subtracts fees). Cash is never in one.
export const settlements = pgTable(
  'settlements',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    settlementDate: date({ mode: 'string' }).notNull(),
    processor: processor().notNull(),
    // First day of the statement month of its transactions: a payout belongs to one statement.
    statementMonth: date({ mode: 'string' }).notNull(),
    transactionCount: integer().notNull(),
    grossCents: cents().notNull(),
    feeCents: cents().notNull(),
    // Returned / rejected ACH items and other adjustments (negative).
    adjustmentsCents: cents().notNull().default(0),
    chargebacksCents: cents().notNull().default(0),
    netCents: cents().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('settlements_client_date_processor_month_unique').on(
      t.clientId,
      t.settlementDate,
      t.processor,
      t.statementMonth,
    ),
    // Daily totals across merchants (statements tab, rolling billing).
    index('settlements_date_idx').on(t.settlementDate),
  ],
);

// Money sent to the merchant's bank account for a settlement group.
export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    settlementId: uuid().references(() => settlements.id, { onDelete: 'set null' }),
    payoutDate: date({ mode: 'string' }).notNull(),
    amountCents: cents().notNull(),
    processor: processor().notNull(),
    // First day of the statement month of the transactions it pays (its settlement group's).
    statementMonth: date({ mode: 'string' }).notNull(),
    status: payoutStatus().notNull().default('scheduled'),
    createdAt: createdAt(),
  },
  (t) => [
    // Payouts tab of one merchant, newest first.
    index('payouts_client_date_idx').on(t.clientId, t.payoutDate),
    // The payouts of one statement (its reconciliation with net deposited).
    index('payouts_client_statement_month_idx').on(t.clientId, t.statementMonth),
    uniqueIndex('payouts_settlement_unique').on(t.settlementId),
    // The global search by amount.
    index('payouts_amount_idx').on(t.amountCents),
  ],
);

// The transactions a payout paid (its transaction details): one row per settled
// transaction, keyed by (payout, transaction). transaction_created_at locates the partitioned row; no
// foreign key to it, so old partitions can be detached. The description is derived from the
// transaction when read. kind and the two amounts are what the posting summed: the payout's lines
// are read from them (contracts payoutLinesOfItem), so they add up to the payout whatever happens to
// the transaction later. kind is null for a transaction that moved no money.
export const payoutItems = pgTable(
  'payout_items',
  {
    payoutId: uuid()
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    transactionId: uuid().notNull(),
    transactionCreatedAt: timestamp({ withTimezone: true }).notNull(),
    authAmountCents: cents().notNull(),
    netAmountCents: cents().notNull(),
    kind: payoutItemKind(),
  },
  (t) => [primaryKey({ columns: [t.payoutId, t.transactionId] })],
);

export type Settlement = typeof settlements.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
