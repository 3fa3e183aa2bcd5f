import { aliasedTable, and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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
    .select({
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
    })
    .from(auditLog)
    .leftJoin(behalfUsers, eq(behalfUsers.id, auditLog.onBehalfOfUserId))
    .leftJoin(clients, eq(clients.id, auditLog.clientId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit);
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
