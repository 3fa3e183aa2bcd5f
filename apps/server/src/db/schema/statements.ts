import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { cents, createdAt, timestamptz } from './columns';
import { processor } from './enums';

// Monthly merchant statement, posted on the first day of the next month.
export const statements = pgTable(
  'statements',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    // First day of the statement month.
    month: date({ mode: 'string' }).notNull(),
    totalTransactions: integer().notNull(),
    totalAmountCents: cents().notNull(),
    totalFeesCents: cents().notNull(),
    totalAdjustmentsCents: cents().notNull(),
    chargebacksAndReversalsCents: cents().notNull(),
    // Refunds, voids and credits (negative): with the chargebacks and adjustments, the part of the
    // gross the lines do not keep apart (contracts statementFiguresOf).
    refundsAndVoidsCents: cents().notNull().default(0),
    netCents: cents().notNull(),
    postedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statements_client_month_unique').on(t.clientId, t.month),
    // All statements of a month (statements tab for admins).
    index('statements_month_idx').on(t.month),
  ],
);

// Lines of the statement page: type, pricing, transactions, gross, fees, flat fee, item fee, net.
export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    statementId: uuid()
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    type: text().notNull(),
    pricing: text(),
    transactionCount: integer().notNull(),
    grossCents: cents().notNull(),
    feesCents: cents().notNull(),
    flatFeeCents: cents().notNull(),
    itemFeeCents: cents().notNull(),
    netCents: cents().notNull(),
  },
  (t) => [uniqueIndex('statement_lines_statement_position_unique').on(t.statementId, t.position)],
);

// Processor fee detail of a statement (STATEMENT_DATE, DETAIL_DESCRIPTION, ITEM_COUNT, VOLUME,
// R_RATE1 = percent rate, R_RATE2 = per item, R_TOTAL).
export const processorFees = pgTable(
  'processor_fees',
  {
    id: uuid().primaryKey().defaultRandom(),
    statementId: uuid()
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    processor: processor().notNull(),
    statementDate: date({ mode: 'string' }).notNull(),
    detailDescription: text().notNull(),
    itemCount: integer().notNull(),
    volumeCents: cents().notNull(),
    ratePercent: numeric({ precision: 9, scale: 4 }).notNull(),
    perItemCents: cents().notNull(),
    totalCents: cents().notNull(),
  },
  (t) => [index('processor_fees_statement_id_idx').on(t.statementId)],
);

export type Statement = typeof statements.$inferSelect;
