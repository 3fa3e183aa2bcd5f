import {
  type AnyPgColumn,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { cents, createdAt, timestamptz } from './columns';

// Billing tab 'Line Item': what the provider bills a merchant.
export const billingLineItems = pgTable(
  'billing_line_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    statementDate: date({ mode: 'string' }).notNull(),
    detailDescription: text().notNull(),
    totalCents: cents().notNull(),
    // 'This bill is already paid' is derived from paid_at.
    paidAt: timestamptz(),
    // The monthly bill this line item asks payment for (modules/billing); paying it pays the month.
    monthlyBillingId: uuid().references((): AnyPgColumn => monthlyBilling.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_line_items_client_date_idx').on(t.clientId, t.statementDate),
    // One line item per monthly bill: a bill created twice cannot be asked for twice.
    uniqueIndex('billing_line_items_monthly_billing_unique').on(t.monthlyBillingId),
  ],
);

// Billing tab 'Rolling Billing': card sales and billing per central processing date.
export const rollingBilling = pgTable(
  'rolling_billing',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    centralProcessingDate: date({ mode: 'string' }).notNull(),
    ccSalesCents: cents().notNull(),
    totalBillingCents: cents().notNull(),
  },
  (t) => [uniqueIndex('rolling_billing_client_date_unique').on(t.clientId, t.centralProcessingDate)],
);

// Monthly billing per merchant and month. is_transacting_in_month and
// is_month_paid are derived (transaction_count > 0, paid_at is not null).
export const monthlyBilling = pgTable(
  'monthly_billing',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    month: date({ mode: 'string' }).notNull(),
    transactionCount: integer().notNull(),
    totalTransactionAmountCents: cents().notNull(),
    lastTransactionDateInMonth: date({ mode: 'string' }),
    monthlyMinimumCents: cents().notNull(),
    monthlyFeeCents: cents().notNull(),
    paidAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('monthly_billing_client_month_unique').on(t.clientId, t.month),
    index('monthly_billing_month_idx').on(t.month),
  ],
);
