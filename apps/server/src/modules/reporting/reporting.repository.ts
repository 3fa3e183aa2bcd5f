import type { ReportSearchTerm } from '@portico/contracts/transactions/report';
import type { SearchRequestBody } from '@portico/contracts/transactions/search';
import { undoTransactionTypes } from '@portico/contracts/transactions/transaction-enums';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clientIdsAtOrBelow } from '../../access/merchant-scope.repository';
import type { ReportScope } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { afterKeyValues, orderByKeys, type SortKey } from '../../db/keyset';
import { escapeLike } from '../../db/like-pattern';
import { buildStatement, queryRowsNamed } from '../../db/named-statement';
import { queryRows, type SqlRow } from '../../db/sql-rows';
import { reportLineSql } from './report-line-sql';
import {
  epochMsOfUtcText,
  type ReportRowFields,
  type ReportUndo,
  reportRowCreatedAtOf,
  reportRowHasFollowUps,
  reportRowIdOf,
  type SearchRowFacts,
  splitReportLine,
} from './report-row';

export type ReportWindowQuery = {
  scope: ReportScope;
  // Half-open window [startAt, endAt), UTC.
  startAt: Date;
  endAt: Date;
  // "search={term field}={value}": a meta field of the payment.
  search?: ReportSearchTerm | undefined;
};

export type ReportPageQuery = ReportWindowQuery & { page: number; size: number };

// The plain values a search row adds (report-row.ts SearchRowFacts).
const searchFactsList = `t.customer_first_name as s_first_name, t.customer_last_name as s_last_name,
  t.customer_email as s_email, t.payment_method as s_payment_method`;

const reportFrom = `from transactions t
  join clients m on m.id = t.client_id
  left join clients p on p.id = m.parent_id`;
// The order a whole window is read in (Load All, an export): newest first, or oldest first (an
// export sorted by its date ascending). The (client_id, created_at desc, id desc) and
// (created_at desc, id desc) indexes serve both, read backwards for the oldest first.
export type ReportOrder = 'newest' | 'oldest';
export const reportDateSortKey = { expression: sql`t.created_at`, type: 'timestamptz' } as const;
const reportIdKey = { expression: sql`t.id`, type: 'uuid' } as const;
function reportKeys(order: ReportOrder): SortKey[] {
  const direction = order === 'newest' ? 'desc' : 'asc';
  return [
    { ...reportDateSortKey, direction },
    { ...reportIdKey, direction },
  ];
}
// An export's sort on the date (the only column the window reads in order) as the window's order.
export function reportOrderOf(sort: readonly { direction: 'asc' | 'desc' }[]): ReportOrder {
  return sort[0]?.direction === 'asc' ? 'oldest' : 'newest';
}
export const reportOrderBy = (order: ReportOrder) => sql`order by ${orderByKeys(reportKeys(order))}`;
const newestFirst = reportOrderBy('newest');
// The rows after a keyset position in that order.
const positionAfter = (after: ReportKeyset | null, order: ReportOrder) =>
  after ? sql`and ${afterKeyValues(reportKeys(order), [after.createdAt, after.id])}` : sql``;

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

export function reportScopeFilter(scope: ReportScope): SQL {
  return scopeCondition(scope, sql`t.client_id`, sql`t.sub_entity_id`);
}

// The scope over any transactions columns (the report's alias t, or a query builder's columns).
export function scopeCondition(scope: ReportScope, clientId: SQL, subEntityId: SQL): SQL {
  if (scope.kind === 'all') return sql`true`;
  const limits = new Map((scope.locationLimits ?? []).map((limit) => [limit.clientId, limit.subEntityIds]));
  const free = scope.clientIds.filter((id) => !limits.has(id));
  const parts: SQL[] = [];
  // One merchant as an equality, so the planner walks its index in order.
  const [only] = free;
  if (free.length === 1 && only !== undefined) parts.push(sql`${clientId} = ${only}::uuid`);
  else if (free.length > 1) parts.push(sql`${clientId} in (${idList(free)})`);
  for (const [limitedClientId, subEntityIds] of limits) {
    if (!scope.clientIds.includes(limitedClientId)) continue;
    parts.push(
      subEntityIds.length === 0
        ? sql`false`
        : sql`(${clientId} = ${limitedClientId}::uuid and ${subEntityId} in (${idList(subEntityIds)}))`,
    );
  }
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? (parts[0] ?? sql`false`) : sql`(${sql.join(parts, sql` or `)})`;
}

// A meta field matches without regard to case, at the top of meta or among its customFields.
function searchTermFilter(search: ReportSearchTerm | undefined): SQL {
  if (!search) return sql`true`;
  return sql`(lower(t.meta ->> ${search.field}) = lower(${search.value})
    or lower(t.meta -> 'customFields' ->> ${search.field}) = lower(${search.value}))`;
}

// Instants as PostgreSQL reads them: the schemas accept years 0000 to 9999, and a day after
// 9999-12-31 prints as +010000; no transaction lies outside years 1 to 9999 anyway.
const earliestInstant = Date.parse('0001-01-01T00:00:00.000Z');
const latestInstant = Date.parse('9999-12-31T23:59:59.999Z');

function instantSql(at: Date | number): SQL {
  const ms = Math.min(Math.max(typeof at === 'number' ? at : at.getTime(), earliestInstant), latestInstant);
  return sql`${new Date(ms).toISOString()}::timestamptz`;
}

export function reportFilter(query: ReportWindowQuery): SQL {
  return sql`t.created_at >= ${instantSql(query.startAt)}
    and t.created_at < ${instantSql(query.endAt)}
    and ${reportScopeFilter(query.scope)} and ${searchTermFilter(query.search)}`;
}

function isEmptyScope(scope: ReportScope): boolean {
  return scope.kind === 'clients' && scope.clientIds.length === 0;
}

function lineOf(row: SqlRow): ReportRowFields {
  const line = row.line;
  if (typeof line !== 'string') throw new Error('A report row came without its line');
  return splitReportLine(line);
}

// One page of the transaction report, newest first, with the merchant's DBA and parent names.
// The page's rows are picked first and the row text is written only for them: computed in the same
// select, it would also be computed for every row the offset skips.
export async function listReportPage(executor: Executor, query: ReportPageQuery): Promise<ReportRowFields[]> {
  if (isEmptyScope(query.scope)) return [];
  const rows = await queryRows(
    executor,
    sql`select ${sql.raw(reportLineSql)}
      from (
        select t.* from transactions t where ${reportFilter(query)} ${newestFirst}
        limit ${query.size} offset ${query.page * query.size}
      ) as t
      join clients m on m.id = t.client_id
      left join clients p on p.id = m.parent_id
      ${newestFirst}`,
  );
  return rows.map(lineOf);
}

// One row of the report by transaction id within the scope (the id reaches every monthly partition
// through the primary key), or null.
export async function findReportRow(
  executor: Executor,
  scope: ReportScope,
  id: string,
): Promise<ReportRowFields | null> {
  if (isEmptyScope(scope)) return null;
  const rows = await queryRows(
    executor,
    sql`select ${sql.raw(reportLineSql)} ${sql.raw(reportFrom)}
      where t.id = ${id}::uuid and ${reportScopeFilter(scope)} limit 1`,
  );
  const [row] = rows;
  return row === undefined ? null : lineOf(row);
}

// Rows in the window. With a cap, counting stops after cap + 1 index entries: the answer is exact up
// to the cap and costs the same at 10M rows as at 100k (see reportTotalCap in the service).
export async function countReportRows(
  executor: Executor,
  query: ReportWindowQuery,
  cap?: number,
): Promise<number> {
  if (isEmptyScope(query.scope)) return 0;
  // The filter reads the transaction alone: no join, so an index-only scan can count.
  const limit = cap === undefined ? sql`` : sql`limit ${cap + 1}`;
  const rows = await queryRows(
    executor,
    sql`select count(*)::int as total from (select 1 from transactions t where ${reportFilter(query)} ${limit}) as window_rows`,
  );
  return z.object({ total: z.coerce.number().int() }).parse(rows[0]).total;
}

// The full ordered query of a window, for a server-side cursor.
export function reportRowsSql(query: ReportWindowQuery): SQL {
  return sql`select ${sql.raw(reportLineSql)} ${sql.raw(reportFrom)}
    where ${reportFilter(query)} ${newestFirst}`;
}

// Where a batch ended: the exact created_at text (microseconds and all) and the id.
export type ReportKeyset = { createdAt: string; id: string };

// The next batch after a keyset position, for drivers without a cursor of their own (PGlite keeps
// one connection: a cursor's open transaction would hold every other request until the end).
export async function listReportRowsAfter(
  executor: Executor,
  query: ReportWindowQuery,
  after: ReportKeyset | null,
  limit: number,
  order: ReportOrder = 'newest',
): Promise<{ rows: ReportRowFields[]; last: ReportKeyset | null }> {
  if (isEmptyScope(query.scope)) return { rows: [], last: null };
  const rows = await queryRows(
    executor,
    sql`select ${sql.raw(reportLineSql)}, t.created_at::text as k_at, t.id::text as k_id
      ${sql.raw(reportFrom)}
      where ${reportFilter(query)} ${positionAfter(after, order)} ${reportOrderBy(order)} limit ${limit}`,
  );
  const lastRow = rows.at(-1);
  const last = lastRow
    ? { createdAt: z.string().parse(lastRow.k_at), id: z.string().parse(lastRow.k_id) }
    : null;
  return { rows: rows.map(lineOf), last };
}

// A parent's report covers the parent and every merchant below it, at any depth.
export async function hierarchyClientIds(executor: Executor, parentId: string): Promise<string[]> {
  const ids = await clientIdsAtOrBelow(executor, [parentId]);
  return [parentId, ...ids.filter((id) => id !== parentId)];
}

export type SearchQuery = {
  scope: ReportScope;
  criteria: SearchRequestBody;
  limit: number;
};

// Only the criteria present are applied. Dates are inclusive instants to the
// millisecond; names match from their start without regard to case; the e-mail is stored lowercased.
function searchFilter(criteria: SearchRequestBody): SQL {
  const parts: SQL[] = [
    sql`t.created_at >= ${instantSql(Date.parse(criteria.start_date))}`,
    sql`t.created_at < ${instantSql(Date.parse(criteria.end_date) + 1)}`,
  ];
  if (criteria.location_ids) parts.push(sql`t.sub_entity_id in (${idList(criteria.location_ids)})`);
  if (criteria.transaction_id) parts.push(sql`t.id = ${criteria.transaction_id}::uuid`);
  if (criteria.customer_first_name) {
    parts.push(sql`t.customer_first_name ilike ${`${escapeLike(criteria.customer_first_name)}%`}`);
  }
  if (criteria.customer_last_name) {
    parts.push(sql`t.customer_last_name ilike ${`${escapeLike(criteria.customer_last_name)}%`}`);
  }
  if (criteria.customer_email) parts.push(sql`t.customer_email = ${criteria.customer_email.toLowerCase()}`);
  if (criteria.account) parts.push(sql`t.last4 = ${criteria.account}`);
  if (criteria.transaction_type) parts.push(sql`t.type = ${criteria.transaction_type}`);
  if (criteria.payment_type) parts.push(sql`t.payment_method = ${criteria.payment_type}`);
  if (criteria.amount_min !== undefined) parts.push(sql`t.amount_cents >= ${criteria.amount_min}`);
  if (criteria.amount_max !== undefined) parts.push(sql`t.amount_cents <= ${criteria.amount_max}`);
  if (criteria.status) parts.push(sql`lower(t.status) = lower(${criteria.status})`);
  for (const [name, fieldValue] of Object.entries(criteria.custom_fields ?? {})) {
    parts.push(sql`lower(t.meta -> 'customFields' ->> ${name}) = lower(${fieldValue})`);
  }
  return sql.join(parts, sql` and `);
}

const optionalText = z.string().nullable();
const searchFactsRow = z.object({
  s_first_name: optionalText,
  s_last_name: optionalText,
  s_email: optionalText,
  s_payment_method: optionalText,
});

// At most limit rows, newest first; the caller asks one more than it answers to tell "too many".
export async function listSearchRows(
  executor: Executor,
  query: SearchQuery,
): Promise<{ fields: ReportRowFields; facts: SearchRowFacts }[]> {
  if (isEmptyScope(query.scope)) return [];
  const rows = await queryRows(
    executor,
    sql`select ${sql.raw(reportLineSql)}, ${sql.raw(searchFactsList)} ${sql.raw(reportFrom)}
      where ${reportScopeFilter(query.scope)} and ${searchFilter(query.criteria)} ${newestFirst}
      limit ${query.limit}`,
  );
  return rows.map((row) => ({ fields: lineOf(row), facts: searchFactsOf(row) }));
}

function searchFactsOf(row: SqlRow): SearchRowFacts {
  const facts = searchFactsRow.parse(row);
  return {
    customerFirstName: facts.s_first_name,
    customerLastName: facts.s_last_name,
    customerEmail: facts.s_email,
    paymentMethod: facts.s_payment_method,
  };
}

// A search's rows in keyset pages, for its export (the search call answers at most 10,000 rows in one
// query; an export reads every one): the search's filter and order, (created_at, id) after the last
// row of the page before. Each row adds the search's own facts and the merchant's name, which the
// search row shows where the report shows the DBA name.
export type SearchRowsPage = {
  rows: { fields: ReportRowFields; facts: SearchRowFacts; merchantName: string | null }[];
  last: ReportKeyset | null;
};

export async function listSearchRowsAfter(
  executor: Executor,
  query: Omit<SearchQuery, 'limit'>,
  after: ReportKeyset | null,
  limit: number,
  order: ReportOrder = 'newest',
): Promise<SearchRowsPage> {
  if (isEmptyScope(query.scope)) return { rows: [], last: null };
  const rows = await queryRows(
    executor,
    sql`select ${sql.raw(reportLineSql)}, ${sql.raw(searchFactsList)}, m.name as s_merchant_name,
        t.created_at::text as k_at, t.id::text as k_id
      ${sql.raw(reportFrom)}
      where ${reportScopeFilter(query.scope)} and ${searchFilter(query.criteria)} ${positionAfter(after, order)}
      ${reportOrderBy(order)} limit ${limit}`,
  );
  const lastRow = rows.at(-1);
  return {
    rows: rows.map((row) => ({
      fields: lineOf(row),
      facts: searchFactsOf(row),
      merchantName: optionalText.parse(row.s_merchant_name),
    })),
    last: lastRow ? { createdAt: z.string().parse(lastRow.k_at), id: z.string().parse(lastRow.k_id) } : null,
  };
}

// Every row a search matches, uncapped (an export's progress bar).
export async function countSearchRows(
  executor: Executor,
  query: Omit<SearchQuery, 'limit'>,
): Promise<number> {
  if (isEmptyScope(query.scope)) return 0;
  const rows = await queryRows(
    executor,
    sql`select count(*)::int as total from transactions t
      where ${reportScopeFilter(query.scope)} and ${searchFilter(query.criteria)}`,
  );
  return z.object({ total: z.coerce.number().int() }).parse(rows[0]).total;
}

// The voids and refunds that undid a transaction, as the report shows them (transaction.undone_by).
// The same ones payments' sumUndoneCents counts: undo types whose payment did not fail. Served by the
// partial index on original_transaction_id; oldest first.
const undoTypesSql = sql.raw(undoTransactionTypes.map((type) => `'${type}'`).join(', '));

function undoesSql(filter: SQL): SQL {
  return sql`select t.original_transaction_id::text as original_id, t.id::text as id, t.type::text as type,
      t.amount_cents::text as amount_cents, (t.created_at at time zone 'UTC')::text as created_at
    from transactions t
    where ${filter} and t.type in (${undoTypesSql})
      and (t.payment_status is null or t.payment_status)
    order by t.created_at, t.id`;
}

const undoRow = z.object({
  original_id: z.string(),
  id: z.string(),
  type: z.string(),
  amount_cents: z.string(),
  created_at: z.string(),
});

function reportUndoOf(row: unknown): ReportUndo {
  const parsed = undoRow.parse(row);
  return {
    originalId: parsed.original_id,
    id: parsed.id,
    type: parsed.type,
    amountCents: parsed.amount_cents,
    createdAt: parsed.created_at,
  };
}

// A void or refund is made after the payment it undoes, so the undoes of some rows were made no
// earlier than the oldest of them: only the monthly partitions from its month on are read, the same
// rule for every caller (page, search, Load All, export, one row), so they all agree. A day of slack
// covers the clocks of servers that disagree by a little.
const undoneAfterSlackMs = 86_400_000;

// The undoes of the given report rows: a page, a search's rows, one batch of Load All or of an
// export, each reading those of its own rows only, so a stream never holds more of them than one batch
// has. Only rows some transaction names as its original can have any (the line's has_follow_ups):
// the others are not looked up, and a batch without such rows costs no statement. One array
// parameter whatever the count, sent by name (db/named-statement.ts): planned for each call, a
// thousand ids against every monthly partition took longer to plan than to run.
const undoesOfStatement = buildStatement(
  undoesSql(sql`t.original_transaction_id = any(${sql.placeholder('originalIds')}::uuid[])
    and t.created_at >= ${sql.placeholder('madeFrom')}::timestamptz`),
);

export async function listUndoesOf(
  executor: Executor,
  rows: readonly ReportRowFields[],
): Promise<ReportUndo[]> {
  const ids: string[] = [];
  let oldestMs = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (!reportRowHasFollowUps(row)) continue;
    ids.push(reportRowIdOf(row));
    oldestMs = Math.min(oldestMs, epochMsOfUtcText(reportRowCreatedAtOf(row)));
  }
  if (ids.length === 0) return [];
  const found = await queryRowsNamed(executor, undoesOfStatement, {
    originalIds: `{${ids.join(',')}}`,
    madeFrom: new Date(oldestMs - undoneAfterSlackMs).toISOString(),
  });
  return found.map(reportUndoOf);
}

// Which of these sub-locations the scope reaches: of a merchant in it, and within the caller's
// assigned locations there when it has any.
export async function listReachableLocationIds(
  executor: Executor,
  scope: ReportScope,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = await queryRows(
    executor,
    sql`select se.id::text as id from sub_entities se
      where se.id in (${idList(ids)}) and ${scopeCondition(scope, sql`se.client_id`, sql`se.id`)}`,
  );
  return new Set(rows.map((row) => z.object({ id: z.string() }).parse(row).id));
}
