import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';

// Reference lists loaded by migration 0001 (a database without demo data still needs them).

export const mccCodes = pgTable(
  'mcc_codes',
  {
    code: text().primaryKey(),
    description: text().notNull(),
    // Base card rate in the pricing-string form ('2.90+0.30'); a merchant's MCC card rate may not go
    // below it.
    cardRate: text().notNull(),
    // Only approved codes are offered on the enroll form (GET /api/approved-mcc-codes).
    isApproved: boolean().notNull().default(true),
  },
  (t) => [check('mcc_codes_code_four_digits', sql`${t.code} ~ '^[0-9]{4}$'`)],
);

// Display list for the timezone setting (GET api/timezones answers [name, label] pairs).
export const timezones = pgTable('timezones', {
  name: text().primaryKey(),
  label: text().notNull(),
  sortOrder: integer().notNull(),
});

export type MccCode = typeof mccCodes.$inferSelect;
