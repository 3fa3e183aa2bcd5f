import { and, type Column, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { billingLineItems, monthlyBilling } from '../../db/schema/billing';
import { clientPricing, clients } from '../../db/schema/clients';
import { queryRows } from '../../db/sql-rows';
import { grossCentsSql, isNotFailedPaymentSql } from '../reporting/gross-sql';
import { countedOnStatementSql } from '../statements/statements.repository';

// 'all' for staff, else the merchants the caller reaches (access/report-access).
export type BillingScope = 'all' | readonly string[];

function inScope(column: Column, scope: BillingScope): SQL | undefined {
  if (scope === 'all') return undefined;
  // An empty list reaches nothing (inArray of nothing is refused by drizzle).
  if (scope.length === 0) return sql`false`;
  return inArray(column, [...scope]);
}

const billColumns = {
  id: billingLineItems.id,
  clientId: billingLineItems.clientId,
  name: clients.name,
  statementDate: billingLineItems.statementDate,
  detailDescription: billingLineItems.detailDescription,
  totalCents: billingLineItems.totalCents,
  paidAt: billingLineItems.paidAt,
  monthlyBillingId: billingLineItems.monthlyBillingId,
  isMonthlyBillingEnabled: clients.isMonthlyBillingEnabled,
};

export type BillDbRow = {
  id: string;
  clientId: string;
  name: string;
  statementDate: string;
  detailDescription: string;
  totalCents: number;
  paidAt: Date | null;
  monthlyBillingId: string | null;
  isMonthlyBillingEnabled: boolean;
};

// The Line Item tab: the bills of the merchants in scope, newest first.
export async function listBills(executor: Executor, scope: BillingScope): Promise<BillDbRow[]> {
  return executor
    .select(billColumns)
    .from(billingLineItems)
    .innerJoin(clients, eq(clients.id, billingLineItems.clientId))
    .where(inScope(billingLineItems.clientId, scope))
    .orderBy(desc(billingLineItems.statementDate), clients.name, billingLineItems.id);
}

export async function findBill(executor: Executor, id: string): Promise<BillDbRow | null> {
  const [row] = await executor
    .select(billColumns)
    .from(billingLineItems)
    .innerJoin(clients, eq(clients.id, billingLineItems.clientId))
    .where(eq(billingLineItems.id, id));
  return row ?? null;
}

// The bill under lock, for the pay decision and its settling.
export async function lockBill(tx: Tx, id: string): Promise<BillDbRow | null> {
  const [row] = await tx
    .select(billColumns)
    .from(billingLineItems)
    .innerJoin(clients, eq(clients.id, billingLineItems.clientId))
    .where(eq(billingLineItems.id, id))
    .for('update', { of: billingLineItems });
  return row ?? null;
}

// Marks the bill and its month paid; false when it was already paid (nothing changes then).
export async function markBillPaid(tx: Tx, bill: BillDbRow, paidAt: Date): Promise<boolean> {
  const updated = await tx
    .update(billingLineItems)
    .set({ paidAt })
    .where(and(eq(billingLineItems.id, bill.id), isNull(billingLineItems.paidAt)))
    .returning({ id: billingLineItems.id });
  if (updated.length === 0) return false;
  if (bill.monthlyBillingId !== null) {
    await tx
      .update(monthlyBilling)
      .set({ paidAt })
      .where(and(eq(monthlyBilling.id, bill.monthlyBillingId), isNull(monthlyBilling.paidAt)));
  }
  return true;
}

const cents = z.coerce.number().int();

const rollingRow = z.object({
  // merchant:date, one row per merchant and central processing date.
  id: z.string(),
  client_id: z.uuid(),
  name: z.string(),
  central_processing_date: z.iso.date(),
  cc_sales: cents,
  total_billing: cents,
});
export type RollingDbRow = z.infer<typeof rollingRow>;

// The Rolling Billing tab, computed from the transactions: per merchant and central
// processing (settlement) date of the last `days` days, the card sales and the fees billed on them.
export async function listRollingBilling(
  executor: Executor,
  scope: BillingScope,
  since: string,
): Promise<RollingDbRow[]> {
  const scoped =
    scope === 'all'
      ? sql`true`
      : scope.length === 0
        ? sql`false`
        : sql`t.client_id = any(${`{${scope.join(',')}}`}::uuid[])`;
  const gross = sql.raw(grossCentsSql('t'));
  const rows = await queryRows(
    executor,
    sql`select t.client_id::text || ':' || t.settlement_date::text as id, t.client_id,
        c.name, t.settlement_date::text as central_processing_date,
        coalesce(sum(${gross}), 0)::text as cc_sales,
        coalesce(sum(t.fee_cents) filter (where ${sql.raw(isNotFailedPaymentSql('t'))}), 0)::text as total_billing
      from transactions t
      join clients c on c.id = t.client_id
      where t.payment_method = 'card' and t.settlement_date >= ${since}::date and ${scoped}
        and t.action_mode is not null
      group by t.client_id, c.name, t.settlement_date
      order by t.settlement_date desc, c.name`,
  );
  return rows.map((row) => rollingRow.parse(row));
}

// ---- Monthly billing -------------------------------------------------------------------------------

const monthFactsRow = z.object({
  client_id: z.uuid(),
  transaction_count: z.coerce.number().int(),
  total_cents: cents,
  last_day: z.iso.date().nullable(),
  monthly_fee_cents: cents,
  monthly_min_cents: cents,
});
export type MonthFactsRow = z.infer<typeof monthFactsRow>;

// A merchant's month as a monthly bill reads it: the transactions its statement counts (so a month
// is transacting exactly when it has a statement, which took the fees), their gross (the contracts
// rule), the last day it took one, and its monthly fee and minimum (client_pricing, as the
// statement reads them). Merchants: the ones named, or every merchant with monthly billing on.
export async function readMonthFacts(
  executor: Executor,
  merchants: 'enabled' | readonly string[],
  month: { startAt: Date; endAt: Date },
): Promise<MonthFactsRow[]> {
  const chosen =
    merchants === 'enabled'
      ? sql`c.is_monthly_billing_enabled`
      : merchants.length === 0
        ? sql`false`
        : sql`c.id = any(${`{${merchants.join(',')}}`}::uuid[])`;
  const gross = sql.raw(grossCentsSql('t'));
  const rows = await queryRows(
    executor,
    sql`select c.id as client_id,
        count(t.id)::int as transaction_count,
        coalesce(sum(${gross}), 0)::text as total_cents,
        to_char(max(t.created_at) at time zone 'UTC', 'YYYY-MM-DD') as last_day,
        coalesce(p.monthly_fee_cents, 0)::text as monthly_fee_cents,
        coalesce(p.monthly_min_cents, 0)::text as monthly_min_cents
      from clients c
      left join client_pricing p on p.client_id = c.id
      left join transactions t on t.client_id = c.id
        and t.created_at >= ${month.startAt.toISOString()}::timestamptz
        and t.created_at < ${month.endAt.toISOString()}::timestamptz
        and ${countedOnStatementSql}
      where c.level = 'Merchant' and ${chosen}
      group by c.id, p.monthly_fee_cents, p.monthly_min_cents
      order by c.id`,
  );
  return rows.map((row) => monthFactsRow.parse(row));
}

// Inserts the month's bill of a merchant unless it has one; null when it had (unique client, month).
export async function insertMonthlyBill(
  tx: Executor,
  values: typeof monthlyBilling.$inferInsert,
): Promise<string | null> {
  const [row] = await tx
    .insert(monthlyBilling)
    .values(values)
    .onConflictDoNothing({ target: [monthlyBilling.clientId, monthlyBilling.month] })
    .returning({ id: monthlyBilling.id });
  return row?.id ?? null;
}

export async function insertBillLineItem(
  tx: Executor,
  values: typeof billingLineItems.$inferInsert,
): Promise<void> {
  await tx.insert(billingLineItems).values(values);
}

const parents = alias(clients, 'parent');

export type MonthlyBillingDbRow = {
  id: string;
  clientId: string;
  name: string;
  month: string;
  transactionCount: number;
  totalTransactionAmountCents: number;
  lastTransactionDateInMonth: string | null;
  monthlyMinimumCents: number;
  monthlyFeeCents: number;
  paidAt: Date | null;
  isMonthlyBillingEnabled: boolean;
  parentName: string | null;
};

const monthlyBillingColumns = {
  id: monthlyBilling.id,
  clientId: monthlyBilling.clientId,
  name: clients.name,
  month: monthlyBilling.month,
  transactionCount: monthlyBilling.transactionCount,
  totalTransactionAmountCents: monthlyBilling.totalTransactionAmountCents,
  lastTransactionDateInMonth: monthlyBilling.lastTransactionDateInMonth,
  monthlyMinimumCents: monthlyBilling.monthlyMinimumCents,
  monthlyFeeCents: monthlyBilling.monthlyFeeCents,
  paidAt: monthlyBilling.paidAt,
  isMonthlyBillingEnabled: clients.isMonthlyBillingEnabled,
  parentName: parents.name,
};

// The Billing tab of Monthly Billing: every month billed, newest first.
export async function listMonthlyBilling(
  executor: Executor,
  filter: { clientId?: string; month?: string } = {},
): Promise<MonthlyBillingDbRow[]> {
  return executor
    .select(monthlyBillingColumns)
    .from(monthlyBilling)
    .innerJoin(clients, eq(clients.id, monthlyBilling.clientId))
    .leftJoin(parents, eq(parents.id, clients.parentId))
    .where(
      and(
        filter.clientId ? eq(monthlyBilling.clientId, filter.clientId) : undefined,
        filter.month ? eq(monthlyBilling.month, filter.month) : undefined,
      ),
    )
    .orderBy(desc(monthlyBilling.month), clients.name, monthlyBilling.id);
}

export type MonthlyBillingMerchantDbRow = {
  id: string;
  name: string;
  parentName: string | null;
  monthlyFeeCents: number | null;
  monthlyMinCents: number | null;
  isMonthlyBillingEnabled: boolean;
};

// The Configuration tab: every merchant with its switch.
export async function listMonthlyBillingMerchants(
  executor: Executor,
): Promise<MonthlyBillingMerchantDbRow[]> {
  return executor
    .select({
      id: clients.id,
      name: clients.name,
      parentName: parents.name,
      monthlyFeeCents: clientPricing.monthlyFeeCents,
      monthlyMinCents: clientPricing.monthlyMinCents,
      isMonthlyBillingEnabled: clients.isMonthlyBillingEnabled,
    })
    .from(clients)
    .leftJoin(parents, eq(parents.id, clients.parentId))
    .leftJoin(clientPricing, eq(clientPricing.clientId, clients.id))
    .where(eq(clients.level, 'Merchant'))
    .orderBy(clients.name, clients.id);
}

// Switches a merchant's monthly billing; false when no merchant has this id.
export async function setMonthlyBillingEnabled(
  executor: Executor,
  clientId: string,
  isEnabled: boolean,
): Promise<boolean> {
  const updated = await executor
    .update(clients)
    .set({ isMonthlyBillingEnabled: isEnabled })
    .where(and(eq(clients.id, clientId), eq(clients.level, 'Merchant')))
    .returning({ id: clients.id });
  return updated.length > 0;
}

export async function findMonthlyBillingMerchant(
  executor: Executor,
  clientId: string,
): Promise<{ id: string; isMonthlyBillingEnabled: boolean } | null> {
  const [row] = await executor
    .select({ id: clients.id, isMonthlyBillingEnabled: clients.isMonthlyBillingEnabled })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.level, 'Merchant')));
  return row ?? null;
}
