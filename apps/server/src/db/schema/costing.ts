import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt } from './columns';
import { processor } from './enums';

// What a processor charges the provider, by card brand and type, as data: costing, statements'
// processor fees and revenue share are computed from it, never typed in.
export const processorCostModels = pgTable(
  'processor_cost_models',
  {
    id: uuid().primaryKey().defaultRandom(),
    processor: processor().notNull(),
    // VISA, MC, AMEX, DISC, ACH, CRYPTO.
    cardBrand: text().notNull(),
    // credit, debit, prepaid, or 'any'.
    cardType: text().notNull().default('any'),
    interchangeBps: numeric({ precision: 8, scale: 3 }).notNull(),
    duesAssessmentsBps: numeric({ precision: 8, scale: 3 }).notNull(),
    // Processor markup on volume.
    processorBps: numeric({ precision: 8, scale: 3 }).notNull().default('0'),
    perItemCents: cents().notNull().default(0),
    authorizationFeeCents: cents().notNull().default(0),
    splitFeeCents: cents().notNull().default(0),
    // Bluesnap keeps a share of the remaining margin (percent).
    marginSharePercent: numeric({ precision: 7, scale: 4 }).notNull().default('0'),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('processor_cost_models_unique').on(t.processor, t.cardBrand, t.cardType, t.effectiveFrom),
    check(
      'processor_cost_models_period',
      sql`${t.effectiveTo} is null or ${t.effectiveTo} > ${t.effectiveFrom}`,
    ),
  ],
);

export type ProcessorCostModel = typeof processorCostModels.$inferSelect;
