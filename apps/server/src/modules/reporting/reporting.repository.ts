import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { transactions } from '../../db/schema/transactions';

// Whose transactions a report may show: everything (staff), or a set of merchants (a merchant's
// own, or a parent's hierarchy resolved by the service beforehand).
export type ReportScope = { kind: 'all' } | { kind: 'clients'; clientIds: readonly string[] };

export type ReportPageQuery = {
  scope: ReportScope;
  // Half-open window [startAt, endAt), UTC.
  startAt: Date;
  endAt: Date;
  page: number;
  size: number;
};

const merchant = alias(clients, 'merchant');
const parent = alias(clients, 'parent');

function reportFilter({
  scope,
  startAt,
  endAt,
}: Pick<ReportPageQuery, 'scope' | 'startAt' | 'endAt'>): SQL | undefined {
  const window = and(gte(transactions.createdAt, startAt), lt(transactions.createdAt, endAt));
  if (scope.kind === 'all') return window;
  return and(window, inArray(transactions.clientId, [...scope.clientIds]));
}

// One page of the transaction report, newest first, with the merchant's DBA and parent names.
// The (client_id, created_at desc, id desc) and (created_at desc, id desc) indexes serve the order.
export async function listReportPage(executor: Executor, query: ReportPageQuery) {
  if (query.scope.kind === 'clients' && query.scope.clientIds.length === 0) return [];
  return executor
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      clientId: transactions.clientId,
      type: transactions.type,
      action: transactions.action,
      actionMode: transactions.actionMode,
      amountCents: transactions.amountCents,
      feeCents: transactions.feeCents,
      surchargeCents: transactions.surchargeCents,
      paymentStatus: transactions.paymentStatus,
      requestStatus: transactions.requestStatus,
      status: transactions.status,
      cardBrand: transactions.cardBrand,
      cardType: transactions.cardType,
      proPayStatus: transactions.proPayStatus,
      paymentMethod: transactions.paymentMethod,
      last4: transactions.last4,
      token: transactions.token,
      customerFirstName: transactions.customerFirstName,
      customerLastName: transactions.customerLastName,
      customerEmail: transactions.customerEmail,
      originalTransactionId: transactions.originalTransactionId,
      settlementAmountCents: transactions.settlementAmountCents,
      settlementDate: transactions.settlementDate,
      merchantDbaName: merchant.dbaName,
      merchantName: merchant.name,
      parentName: parent.name,
    })
    .from(transactions)
    .innerJoin(merchant, eq(merchant.id, transactions.clientId))
    .leftJoin(parent, eq(parent.id, merchant.parentId))
    .where(reportFilter(query))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(query.size)
    .offset(query.page * query.size);
}

export type ReportPageRow = Awaited<ReturnType<typeof listReportPage>>[number];

export async function countReportRows(
  executor: Executor,
  query: Pick<ReportPageQuery, 'scope' | 'startAt' | 'endAt'>,
): Promise<number> {
  if (query.scope.kind === 'clients' && query.scope.clientIds.length === 0) return 0;
  const [row] = await executor.select({ total: count() }).from(transactions).where(reportFilter(query));
  return row?.total ?? 0;
}

// A parent's report covers the parent and every merchant below it.
export async function hierarchyClientIds(executor: Executor, parentId: string): Promise<string[]> {
  const rows = await executor.select({ id: clients.id }).from(clients).where(eq(clients.parentId, parentId));
  return [parentId, ...rows.map((r) => r.id)];
}
