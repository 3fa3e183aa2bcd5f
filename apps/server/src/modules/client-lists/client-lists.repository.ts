import { achProcessors, cardProcessors } from '@portico/contracts/clients/client-lists';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientConfigs, clients } from '../../db/schema/clients';
import { isoUtc, jsonOf, quoted } from '../../db/sql-json';
import { queryRows, type SqlRow } from '../../db/sql-rows';

// Which clients a list holds: every one (staff) or the given ids (the caller's reach).
export type ClientScope = { kind: 'all' } | { kind: 'clients'; clientIds: readonly string[] };

export type ClientRowRecord = {
  id: string;
  name: string;
  legalName: string | null;
  dbaName: string | null;
  level: 'Parent' | 'Merchant';
  parentId: string | null;
  parentName: string | null;
  mccCode: string | null;
  isActive: boolean;
  payment: (typeof cardProcessors)[number] | null;
  ach: (typeof achProcessors)[number] | null;
  // ISO 8601 in UTC, formatted by the database.
  createdAt: string;
  updatedAt: string;
};

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | null =>
  allowed.find((item) => item === value) ?? null;

// The driver hands back untyped rows: each column is checked, cheaply (10,000 rows per call).
function toClientRowRecord(row: SqlRow): ClientRowRecord {
  const { id, name, level, is_active: isActive, created_at: createdAt, updated_at: updatedAt } = row;
  if (
    typeof id !== 'string' ||
    typeof name !== 'string' ||
    (level !== 'Parent' && level !== 'Merchant') ||
    typeof isActive !== 'boolean' ||
    typeof createdAt !== 'string' ||
    typeof updatedAt !== 'string'
  ) {
    throw new Error('client list row of an unexpected shape');
  }
  return {
    id,
    name,
    legalName: textOrNull(row.legal_name),
    dbaName: textOrNull(row.dba_name),
    level,
    parentId: textOrNull(row.parent_id),
    parentName: textOrNull(row.parent_name),
    mccCode: textOrNull(row.mcc_code),
    isActive,
    payment: oneOf(cardProcessors, row.payment),
    ach: oneOf(achProcessors, row.ach),
    createdAt,
    updatedAt,
  };
}

// c: the client.
function withinScope(scope: ClientScope): SQL {
  if (scope.kind === 'all') return sql``;
  return sql`where c.id in (${sql.join(
    scope.clientIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

// The Merchants grid and the Admin Accounts list: one query with the parent's name and the
// processors, by name. Plain SQL rather than the query builder: the grid reads every client at once,
// and mapping 10,000 rows through the builder cost more than the query itself (bench/client-list).
export async function listClientRows(executor: Executor, scope: ClientScope): Promise<ClientRowRecord[]> {
  if (scope.kind === 'clients' && scope.clientIds.length === 0) return [];
  const rows = await queryRows(
    executor,
    sql`
      select c.id::text as id, c.name, c.legal_name, c.dba_name, c.level::text as level,
             c.parent_id::text as parent_id, p.name as parent_name, c.mcc_code, c.is_active,
             cc.payment::text as payment, cc.ach::text as ach,
             ${isoUtc(sql`c.created_at`)} as created_at, ${isoUtc(sql`c.updated_at`)} as updated_at
        from clients c
        left join clients p on p.id = c.parent_id
        left join client_configs cc on cc.client_id = c.id
        ${withinScope(scope)}
       order by c.name, c.id
    `,
  );
  return rows.map(toClientRowRecord);
}

// The Merchants grid as JSON text, one row per value, written by the database with the contract's
// field names (merchantGridRowSchema) in the order of listClientRows: 10,000 rows then cost no
// mapping or serialising in Node (bench/client-list). Each row is concatenated text rather than
// row_to_json over a subquery, which looks up every column's type for every row (EXPLAIN ANALYZE
// over 10,047 clients, timing off, median of 9: 43 ms against 60 ms; the bare rows 10 ms). The
// bytes are row_to_json's, spaces of json_build_object's "config" included: the API test compares
// them. One value per row rather than one string_agg or json_agg: the aggregate measured slower.
export async function merchantGridJsonRows(executor: Executor, scope: ClientScope): Promise<string[]> {
  if (scope.kind === 'clients' && scope.clientIds.length === 0) return [];
  const rows = await queryRows(
    executor,
    sql`
      select '{"id":"' || c.id || '","parent":' || ${jsonOf(sql`p.name`)}
             || ',"legal_name":' || ${jsonOf(sql`c.legal_name`)} || ',"dba_name":' || ${jsonOf(sql`c.dba_name`)}
             || ',"config":{"enabled" : ' || c.is_active || ', "payment" : ' || ${quoted(sql`cc.payment`)}
             || ', "ach" : ' || ${quoted(sql`cc.ach`)} || '},"updated_at":"' || ${isoUtc(sql`c.updated_at`)}
             || '","name":' || ${jsonOf(sql`c.name`)} || ',"level":"' || c.level
             || '","parent_id":' || ${quoted(sql`c.parent_id`)} || ',"mcc_code":' || ${jsonOf(sql`c.mcc_code`)}
             || ',"created_at":"' || ${isoUtc(sql`c.created_at`)} || '"}' as json
        from clients c
        left join clients p on p.id = c.parent_id
        left join client_configs cc on cc.client_id = c.id
        ${withinScope(scope)}
       order by c.name, c.id
    `,
  );
  return rows.map((row) => {
    if (typeof row.json !== 'string') throw new Error('A merchants grid row came back without its JSON');
    return row.json;
  });
}

// The reporting configuration of the given clients.
export async function listConfigurationsOf(executor: Executor, clientIds: readonly string[]) {
  if (clientIds.length === 0) return [];
  return executor
    .select({
      id: clients.id,
      name: clients.name,
      metaFieldSearch: clientConfigs.metaFieldSearch,
      metaFieldSearchTerm: clientConfigs.metaFieldSearchTerm,
      customizations: clientConfigs.customizations,
    })
    .from(clients)
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(inArray(clients.id, [...clientIds]))
    .orderBy(asc(clients.name), asc(clients.id));
}
