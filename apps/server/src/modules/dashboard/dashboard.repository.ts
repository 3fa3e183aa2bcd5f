import { operationsAlertTypes, riskAlertKinds } from '@portico/contracts/dashboard/alerts';
import { isCertificationCategory } from '@portico/contracts/dashboard/certification';
import { dataSyncStatuses } from '@portico/contracts/dashboard/manual-data-pull';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { maxHierarchyDepth } from '../../access/merchant-scope.repository';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { dataSyncRequests } from '../../db/schema/data-sync';
import { certificationTests } from '../../db/schema/developers';
import { transactions } from '../../db/schema/transactions';
import { isoUtc } from '../../db/sql-json';
import { queryRows } from '../../db/sql-rows';
import { flaggedPaymentsQuery } from '../risk/risk.repository';

const merchantDisplayName = sql`coalesce(c.dba_name, c.name)`;

// ---- Merchant data sync -------------------------------------------------------------------------

export async function listMerchantSyncOptions(executor: Executor) {
  const displayName = sql<string>`coalesce(${clients.dbaName}, ${clients.name})`;
  return executor
    .select({ id: clients.id, dbaName: displayName })
    .from(clients)
    .where(eq(clients.level, 'Merchant'))
    .orderBy(asc(displayName), asc(clients.id));
}

export async function findClientLevel(executor: Executor, clientId: string) {
  const [row] = await executor.select({ level: clients.level }).from(clients).where(eq(clients.id, clientId));
  return row?.level ?? null;
}

const openSyncStatuses = dataSyncStatuses.filter((status) => status === 'requested' || status === 'running');

// A merchant has at most one request waiting or running (a partial unique index): a second click, or
// a second admin at the same moment, gets the open request back instead of queueing another pull.
export async function requestDataSync(
  executor: Executor,
  input: { clientId: string; userId: string; email: string },
) {
  const columns = {
    id: dataSyncRequests.id,
    clientId: dataSyncRequests.clientId,
    status: dataSyncRequests.status,
    requestedAt: dataSyncRequests.requestedAt,
  };
  const [created] = await executor
    .insert(dataSyncRequests)
    .values({ clientId: input.clientId, requestedByUserId: input.userId, requestedByEmail: input.email })
    .onConflictDoNothing()
    .returning(columns);
  if (created) return { request: created, isNew: true };
  const [open] = await executor
    .select(columns)
    .from(dataSyncRequests)
    .where(
      and(eq(dataSyncRequests.clientId, input.clientId), inArray(dataSyncRequests.status, openSyncStatuses)),
    );
  if (!open) throw new Error('data sync request neither inserted nor found');
  return { request: open, isNew: false };
}

// ---- Alerts ------------------------------------------------------------------------------------

// Every client at or below the root, or every client.
export type ClientScope = { kind: 'all' } | { kind: 'subtree'; rootId: string };

function scopeCte(scope: ClientScope): SQL {
  if (scope.kind === 'all') return sql`scope (id) as (select id from clients)`;
  return sql`scope (id, depth) as (
    select id, 0 from clients where id = ${scope.rootId}
    union all
    select c.id, scope.depth + 1 from clients c join scope on c.parent_id = scope.id
    where scope.depth < ${maxHierarchyDepth}
  )`;
}

export type AlertWindow = { start: Date; end: Date };

const windowStart = (window: AlertWindow) => sql`${window.start.toISOString()}::timestamptz`;
const windowEnd = (window: AlertWindow) => sql`${window.end.toISOString()}::timestamptz`;

const riskAlertRow = z.object({
  kind: z.enum(riskAlertKinds),
  transaction_id: z.string(),
  client_id: z.string(),
  merchant: z.string(),
  amount_cents: z.string(),
  created_at: z.string(),
});

// The Risk Dashboard's three lists (risk module, one query for both), without the payments that have a
// risk note: the note is the review that closes them. So the card's count is the tabs' rows without notes.
export async function listOpenRiskAlerts(executor: Executor, scope: ClientScope, window: AlertWindow) {
  const clientFilter = scope.kind === 'all' ? null : sql`select id from scope`;
  const rows = await queryRows(
    executor,
    sql`
      with recursive ${scopeCte(scope)}
      select f.kind, f.id::text as transaction_id, f.client_id::text as client_id,
        ${merchantDisplayName} as merchant, f.amount_cents::text as amount_cents,
        ${isoUtc(sql`f.created_at`)} as created_at
      from ${flaggedPaymentsQuery(window, clientFilter)} f join clients c on c.id = f.client_id
      where not exists (select 1 from transaction_notes n where n.transaction_id = f.id)
      order by f.created_at desc, f.id desc, f.kind
    `,
  );
  return rows.map((row) => riskAlertRow.parse(row));
}

const operationsAlertRow = z.object({
  id: z.string(),
  client_id: z.string(),
  name: z.string(),
  type: z.enum(operationsAlertTypes),
  result: z.string(),
  created_at: z.string(),
});

// What operations staff must act on: payouts held or failed (open until paid, whatever their age),
// and in the window ACH items returned or rejected and merchant data syncs that failed.
export async function listOpenOperationsAlerts(executor: Executor, scope: ClientScope, window: AlertWindow) {
  const rows = await queryRows(
    executor,
    sql`
      with recursive ${scopeCte(scope)},
      alerts as (
        select p.id, p.client_id, 'payout' as type,
          case p.status when 'held' then 'Payout held' else 'Payout failed' end as result,
          p.created_at
        from payouts p
        where p.status in ('held', 'failed') and p.client_id in (select id from scope)
        union all
        select t.id, t.client_id, 'ach_return',
          case t.pro_pay_status when 'ACHInReturned' then 'ACH item returned' else 'ACH item rejected' end,
          t.created_at
        from transactions t
        where t.created_at >= ${windowStart(window)} and t.created_at < ${windowEnd(window)}
          and t.pro_pay_status in ('ACHInReturned', 'ACHInRejected')
          and t.client_id in (select id from scope)
        union all
        select d.id, d.client_id, 'data_sync',
          'Data sync failed' || coalesce(': ' || d.last_error, ''), d.requested_at
        from data_sync_requests d
        where d.status = 'failed' and d.requested_at >= ${windowStart(window)} and d.requested_at < ${windowEnd(window)}
          and d.client_id in (select id from scope)
      )
      select a.id::text as id, a.client_id::text as client_id, ${merchantDisplayName} as name, a.type,
        a.result, ${isoUtc(sql`a.created_at`)} as created_at
      from alerts a join clients c on c.id = a.client_id
      order by a.created_at desc, a.id desc
    `,
  );
  return rows.map((row) => operationsAlertRow.parse(row));
}

// ---- Certification -----------------------------------------------------------------------------

export async function findCertificationClient(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({ id: clients.id, isInCertification: clients.isInCertification })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ?? null;
}

const certificationRow = z.object({
  category: z.string(),
  passed: z.string(),
  first_passed_at: z.string().nullable(),
});

const certificationTransactionRow = z.object({
  charges: z.string(),
  refunds: z.string(),
  first_charge_at: z.string().nullable(),
  first_refund_at: z.string().nullable(),
});

// The sandbox charges and refunds a client in certification made: approved
// charges, and refunds or voids the processor accepted.
export async function summarizeCertificationTransactions(executor: Executor, clientId: string) {
  const isCharge = sql`${transactions.actionMode} in ('charge', 'settle', 'debit', 'apple_pay') and ${transactions.paymentStatus} is not false and ${transactions.requestStatus}`;
  const isRefund = sql`${transactions.actionMode} in ('refund', 'void', 'blind_refund') and ${transactions.requestStatus}`;
  const [row] = await queryRows(
    executor,
    sql`
      select (count(*) filter (where ${isCharge}))::text as charges,
        (count(*) filter (where ${isRefund}))::text as refunds,
        ${isoUtc(sql`min(${transactions.createdAt}) filter (where ${isCharge})`)} as first_charge_at,
        ${isoUtc(sql`min(${transactions.createdAt}) filter (where ${isRefund})`)} as first_refund_at
      from ${transactions}
      where ${transactions.clientId} = ${clientId}
    `,
  );
  const parsed = certificationTransactionRow.parse(row);
  return [
    { category: 'charges' as const, passed: Number(parsed.charges), firstPassedAt: parsed.first_charge_at },
    { category: 'refunds' as const, passed: Number(parsed.refunds), firstPassedAt: parsed.first_refund_at },
  ];
}

// Passed tests per category and when each category was first passed.
export async function summarizeCertificationTests(executor: Executor, clientId: string) {
  const rows = await queryRows(
    executor,
    sql`
      select ${certificationTests.category} as category,
        (count(*) filter (where ${certificationTests.isPassed}))::text as passed,
        ${isoUtc(sql`min(${certificationTests.completedAt}) filter (where ${certificationTests.isPassed})`)}
          as first_passed_at
      from ${certificationTests}
      where ${certificationTests.clientId} = ${clientId}
      group by ${certificationTests.category}
    `,
  );
  // Tests of another category (none today) do not count towards the three thirds.
  return rows.flatMap((row) => {
    const parsed = certificationRow.parse(row);
    if (!isCertificationCategory(parsed.category)) return [];
    return [
      { category: parsed.category, passed: Number(parsed.passed), firstPassedAt: parsed.first_passed_at },
    ];
  });
}
