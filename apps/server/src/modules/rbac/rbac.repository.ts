import { asc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { memberships, subEntities, userSubEntities } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { queryRows } from '../../db/sql-rows';

// Parent chains are short; the bound only stops a corrupt cycle (A -> B -> A) from looping.
export const maxHierarchyDepth = 32;

// `<name> (id, parent_id, depth)`: the client and every client above it, depth 0 first. Used after
// `with recursive`.
export function clientChainCte(clientId: string | Placeholder | SQL, name = 'chain') {
  const chain = sql.raw(name);
  return sql`${chain} (id, parent_id, depth) as (
        select id, parent_id, 0 from clients where id = ${clientId}
        union all
        select c.id, c.parent_id, ${chain}.depth + 1
        from clients c join ${chain} on c.id = ${chain}.parent_id
        where ${chain}.depth < ${maxHierarchyDepth}
      )`;
}

const merchantAccessRow = z.object({
  merchant_exists: z.boolean(),
  rbac_enabled: z.boolean(),
  membership_client_id: z.string().nullable(),
  granted: z.array(z.string()).nullable(),
  location_ids: z.array(z.string()).nullable(),
});
export type MerchantAccessFacts = {
  merchantExists: boolean;
  rbacEnabled: boolean;
  // The membership that governs the merchant: on the merchant itself, else on its nearest parent.
  membershipClientId: string | null;
  grantedPermissions: string[];
  // The user's sub-locations at this merchant (issue 15 item 4); none: every location.
  locationIds: string[];
};

// The facts of one per-merchant check as SQL parts, so that a larger statement (the request's
// session, session.repository) can carry them: `ctes` after `with recursive`, `column` one json
// value. name prefixes the CTEs (`<name>_chain`, `<name>_governing`); userId may be an expression,
// merchantId a placeholder of a statement built once.
export function merchantAccessFactsSql(name: string, merchantId: string | Placeholder | SQL, userId: SQL) {
  const chain = `${name}_chain`;
  const governing = sql.raw(`${name}_governing`);
  return {
    chain: sql.raw(chain),
    ctes: sql`${clientChainCte(merchantId, chain)},
      ${governing} as (
        select m.client_id, m.role_id
        from ${sql.raw(chain)} c join memberships m on m.client_id = c.id and m.user_id = ${userId}
        order by c.depth
        limit 1
      )`,
    column: sql`json_build_object(
        'merchant_exists', exists (select 1 from clients where id = ${merchantId}),
        'rbac_enabled', coalesce(
          (select (cc.customizations ->> 'rbac_enabled')::boolean from client_configs cc
            where cc.client_id = ${merchantId}),
          false
        ),
        'membership_client_id', (select client_id from ${governing})::text,
        'granted', (select array_agg(rp.permission_name order by rp.permission_name)
          from ${governing} g join role_permissions rp on rp.role_id = g.role_id),
        'location_ids', (select array_agg(us.sub_entity_id::text order by us.sub_entity_id)
          from user_sub_entities us join sub_entities se on se.id = us.sub_entity_id
          where us.user_id = ${userId} and se.client_id = ${merchantId})
      )`,
  };
}

export function parseMerchantAccessFacts(value: unknown): MerchantAccessFacts {
  const row = merchantAccessRow.parse(value);
  return {
    merchantExists: row.merchant_exists,
    rbacEnabled: row.rbac_enabled,
    membershipClientId: row.membership_client_id,
    grantedPermissions: row.granted ?? [],
    locationIds: row.location_ids ?? [],
  };
}

// Everything one per-merchant check needs, in one round trip.
export async function findMerchantAccessFacts(
  executor: Executor,
  userId: string,
  merchantId: string,
): Promise<MerchantAccessFacts> {
  const facts = merchantAccessFactsSql('merchant', merchantId, sql`${userId}::uuid`);
  const rows = await queryRows(executor, sql`with recursive ${facts.ctes} select ${facts.column} as facts`);
  return parseMerchantAccessFacts(rows[0]?.facts);
}

const permissionHolderRow = z.object({
  default_client_id: z.string().nullable(),
  rbac_enabled: z.boolean(),
  grants: z.array(z.object({ client_id: z.string(), permission: z.string().nullable() })).nullable(),
});
export type PermissionHolderFacts = {
  defaultClientId: string | null;
  isDefaultClientRbacEnabled: boolean;
  // One row per membership and granted permission (permission null: a role granting nothing).
  grants: { clientId: string; permission: string | null }[];
};

// The facts of spec 1 §6 hasPermission as one json value of a statement on `users u`: the default
// merchant's RBAC flag and every membership's grants.
export function permissionHolderFactsColumn() {
  return sql`json_build_object(
      'default_client_id', u.default_client_id::text,
      'rbac_enabled', coalesce(
        (select cc.customizations -> 'rbac_enabled' = 'true'::jsonb from client_configs cc
          where cc.client_id = u.default_client_id),
        false
      ),
      'grants', (select json_agg(json_build_object('client_id', m.client_id::text, 'permission', rp.permission_name))
        from memberships m left join role_permissions rp on rp.role_id = m.role_id
        where m.user_id = u.id)
    )`;
}

export function parsePermissionHolderFacts(value: unknown): PermissionHolderFacts {
  const row = permissionHolderRow.parse(value);
  return {
    defaultClientId: row.default_client_id,
    isDefaultClientRbacEnabled: row.rbac_enabled,
    grants: (row.grants ?? []).map((grant) => ({ clientId: grant.client_id, permission: grant.permission })),
  };
}

export async function findPermissionHolderFacts(
  executor: Executor,
  userId: string,
): Promise<PermissionHolderFacts> {
  const rows = await queryRows(
    executor,
    sql`select ${permissionHolderFactsColumn()} as facts from users u where u.id = ${userId}::uuid`,
  );
  const row = rows[0];
  return row
    ? parsePermissionHolderFacts(row.facts)
    : { defaultClientId: null, isDefaultClientRbacEnabled: false, grants: [] };
}

const clientSummaryColumns = {
  id: clients.id,
  name: clients.name,
  dbaName: clients.dbaName,
  level: clients.level,
  parentId: clients.parentId,
};

export async function listAllClientSummaries(executor: Executor) {
  return executor.select(clientSummaryColumns).from(clients).orderBy(asc(clients.name), asc(clients.id));
}

export async function listClientSummaries(executor: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return executor
    .select(clientSummaryColumns)
    .from(clients)
    .where(inArray(clients.id, [...ids]))
    .orderBy(asc(clients.name), asc(clients.id));
}

const clientSummaryRow = z.object({
  id: z.string(),
  name: z.string(),
  dba_name: z.string().nullable(),
  level: z.enum(['Parent', 'Merchant']),
  parent_id: z.string().nullable(),
});
export type ClientSummary = {
  id: string;
  name: string;
  dbaName: string | null;
  level: 'Parent' | 'Merchant';
  parentId: string | null;
};

// Every client below the given ones (not the roots themselves), by name, in one recursive query.
export async function listDescendantSummaries(
  executor: Executor,
  rootIds: readonly string[],
): Promise<ClientSummary[]> {
  if (rootIds.length === 0) return [];
  const roots = sql.join(
    rootIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows(
    executor,
    sql`
      with recursive below (id, depth) as (
        select c.id, 1 from clients c where c.parent_id in (${roots})
        union all
        select c.id, below.depth + 1 from clients c join below on c.parent_id = below.id
        where below.depth < ${maxHierarchyDepth}
      )
      select c.id::text as id, c.name, c.dba_name, c.level::text as level, c.parent_id::text as parent_id
      from clients c
      where c.id in (select id from below)
      order by c.name, c.id
    `,
  );
  return rows.map((row) => {
    const parsed = clientSummaryRow.parse(row);
    return {
      id: parsed.id,
      name: parsed.name,
      dbaName: parsed.dba_name,
      level: parsed.level,
      parentId: parsed.parent_id,
    };
  });
}

export async function listMembershipClientIds(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor
    .select({ clientId: memberships.clientId })
    .from(memberships)
    .innerJoin(clients, eq(clients.id, memberships.clientId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(clients.name), asc(clients.id));
  return rows.map((row) => row.clientId);
}

// True when the client is the ancestor itself or sits anywhere below it.
export async function isClientAtOrBelow(
  executor: Executor,
  ancestorId: string,
  clientId: string,
): Promise<boolean> {
  const rows = await queryRows(
    executor,
    sql`
      with recursive ${clientChainCte(clientId)}
      select exists (select 1 from chain where id = ${ancestorId}) as is_within
    `,
  );
  return z.object({ is_within: z.boolean() }).parse(rows[0]).is_within;
}

// The sub-locations a user is tied to, by the merchant that owns them (issue 15 item 4): at such a
// merchant the user sees and acts on those locations' transactions only; elsewhere, on all.
export async function listLocationLimits(
  executor: Executor,
  userId: string,
): Promise<{ clientId: string; subEntityIds: string[] }[]> {
  const rows = await executor
    .select({ clientId: subEntities.clientId, subEntityId: userSubEntities.subEntityId })
    .from(userSubEntities)
    .innerJoin(subEntities, eq(subEntities.id, userSubEntities.subEntityId))
    .where(eq(userSubEntities.userId, userId))
    .orderBy(asc(subEntities.clientId), asc(userSubEntities.subEntityId));
  const byClient = new Map<string, string[]>();
  for (const row of rows)
    byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row.subEntityId]);
  return [...byClient].map(([clientId, subEntityIds]) => ({ clientId, subEntityIds }));
}
