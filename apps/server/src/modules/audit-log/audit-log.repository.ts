import { aliasedTable, and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { afterKeyValues, keyValuesOf, orderByKeys, type SortKey } from '../../db/keyset';
import { clients } from '../../db/schema/clients';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { queryRows } from '../../db/sql-rows';

// The entries a filter matches, before paging.
export type AuditLogWindow = {
  // An e-mail: entries the person made, and those made in a mimic session they opened.
  actorEmail?: string;
  action?: string;
  clientId?: string;
  fromInstant?: string;
  toInstant?: string;
};

export type AuditLogFilter = AuditLogWindow & {
  // Keyset: entries strictly older than this (created_at, id).
  before?: { createdAt: string; id: string };
  limit: number;
};

const behalfUsers = aliasedTable(users, 'behalf_users');

async function windowConditions(executor: Executor, filter: AuditLogWindow): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (filter.actorEmail !== undefined) {
    const email = filter.actorEmail;
    const [person] = await executor.select({ id: users.id }).from(users).where(eq(users.email, email));
    const byPerson = person
      ? [eq(auditLog.actorUserId, person.id), eq(auditLog.onBehalfOfUserId, person.id)]
      : [];
    const actorCondition = or(eq(auditLog.actorEmail, email), ...byPerson);
    if (actorCondition) conditions.push(actorCondition);
  }
  if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action));
  if (filter.clientId !== undefined) conditions.push(eq(auditLog.clientId, filter.clientId));
  if (filter.fromInstant !== undefined)
    conditions.push(gte(auditLog.createdAt, sql`${filter.fromInstant}::timestamptz`));
  if (filter.toInstant !== undefined)
    conditions.push(lt(auditLog.createdAt, sql`${filter.toInstant}::timestamptz`));
  return conditions;
}

// The entries a filter matches (an export's progress bar).
export async function countAuditLogEntries(executor: Executor, filter: AuditLogWindow): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(...(await windowConditions(executor, filter))));
  return Number(row?.count ?? 0);
}

// What a page shows of an entry, with the merchant's name and the mimicking staff member's e-mail.
const entryFields = {
  id: auditLog.id,
  // Microseconds kept: the cursor must name the row exactly.
  createdAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  action: auditLog.action,
  outcome: auditLog.outcome,
  actorEmail: auditLog.actorEmail,
  onBehalfOfEmail: behalfUsers.email,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  clientId: auditLog.clientId,
  clientName: clients.name,
  ip: sql<string | null>`host(${auditLog.ip})`,
  details: auditLog.details,
};

// Newest first by (created_at, id); each filter has an index that starts with its column and ends
// with created_at (migration 0006), so a page reads only its own rows however large the log is.
export async function listAuditLogPage(executor: Executor, filter: AuditLogFilter) {
  const conditions = await windowConditions(executor, filter);
  if (filter.before !== undefined) {
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${filter.before.createdAt}::timestamptz, ${filter.before.id}::uuid)`,
    );
  }
  return executor
    .select(entryFields)
    .from(auditLog)
    .leftJoin(behalfUsers, eq(behalfUsers.id, auditLog.onBehalfOfUserId))
    .leftJoin(clients, eq(clients.id, auditLog.clientId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit);
}

// Where blanks belong in the grid's order of a text: an empty text, first when ascending.
const textKey = (column: SQL) => sql`lower(coalesce(${column}, '')) collate "C"`;

// The keys the audit log grid's columns sort by in the database (an export in the grid's sort). Texts
// as they read, case aside, compared character by character (the grid compares a run of digits as
// one number), a blank first when ascending; the IP address by its value (IPv4 addresses in the
// grid's order, number by number), a blank first. The action, outcome, target and details are words
// the grid makes of the entry, and the raw details the whole record written out: nothing stored
// orders them, so they have no key. Time is read through the log's indexes; the other keys sort the
// entries the filters match again for each page.
export const auditLogSortKeys = {
  created_at: { expression: sql`${auditLog.createdAt}`, type: 'timestamptz' },
  actor_email: { expression: textKey(sql`${auditLog.actorEmail}`), type: 'text' },
  on_behalf_of_email: { expression: textKey(sql`${behalfUsers.email}`), type: 'text' },
  client_name: { expression: textKey(sql`${clients.name}`), type: 'text' },
  ip: { expression: sql`coalesce(${auditLog.ip}, '0.0.0.0/0'::inet)`, type: 'inet' },
  target_id: { expression: textKey(sql`${auditLog.targetId}`), type: 'text' },
} as const satisfies Record<string, Omit<SortKey, 'direction'>>;

export const auditLogIdKey: Omit<SortKey, 'direction'> = { expression: sql`${auditLog.id}`, type: 'uuid' };

// The log's own order: newest first, as its page reads it.
export const auditLogNewestFirst: readonly SortKey[] = [
  { ...auditLogSortKeys.created_at, direction: 'desc' },
  { ...auditLogIdKey, direction: 'desc' },
];

// The entries the filters match after `after` in the keys' order (the whole log page by page, an
// export's read), each with the keys' values where it is.
export async function listAuditLogSortedPage(
  executor: Executor,
  window: AuditLogWindow,
  keys: readonly SortKey[],
  limit: number,
  after: readonly string[] | undefined,
) {
  const conditions = await windowConditions(executor, window);
  if (after !== undefined) conditions.push(afterKeyValues(keys, after));
  return executor
    .select({ ...entryFields, end: keyValuesOf(keys) })
    .from(auditLog)
    .leftJoin(behalfUsers, eq(behalfUsers.id, auditLog.onBehalfOfUserId))
    .leftJoin(clients, eq(clients.id, auditLog.clientId))
    .where(and(...conditions))
    .orderBy(orderByKeys(keys))
    .limit(limit);
}

// The names people know the audited records by, in one round trip: merchants, users, roles,
// locations and applications. An id of anything else (a payment, a job run) has no name to give.
export async function namesOfRecords(
  executor: Executor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // Ids come from isUuid-checked values only, so the array literal holds nothing but UUIDs.
  const list = sql`(select unnest(${`{${[...new Set(ids)].join(',')}}`}::uuid[]) as id)`;
  const rows = await queryRows(
    executor,
    sql`
    select c.id::text as id, c.name from clients c where c.id in ${list}
    union all select u.id::text, u.name || ' (' || u.email || ')' from users u where u.id in ${list}
    union all select r.id::text, r.name from roles r where r.id in ${list}
    union all select s.id::text, s.name from sub_entities s where s.id in ${list}
    union all select e.id::text, coalesce(e.dba_name, e.legal_name, 'Application') from enrollments e where e.id in ${list}`,
  );
  return new Map(rows.map((row) => [String(row.id), String(row.name)]));
}
