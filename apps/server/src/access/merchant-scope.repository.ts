import { asc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { memberships, subEntities, userSubEntities } from '../db/schema/access';
import { clients } from '../db/schema/clients';
import { enrollments } from '../db/schema/enrollments';
import { queryRows } from '../db/sql-rows';

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
  // The user's sub-locations at this merchant; none: every location.
  locationIds: string[];
};

// The facts of one per-merchant check as SQL parts, so that a larger statement (the request's
// session, request-session.repository) can carry them: `ctes` after `with recursive`, `column` one
// json value. name prefixes the CTEs (`<name>_chain`, `<name>_governing`); userId may be an expression,
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

// The facts of hasPermission (may the user do this when the call names no merchant) as one json
// value of a statement on `users u`: the default merchant's RBAC flag and every membership's grants.
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

// The sub-locations a user is tied to, by the merchant that owns them: at such a
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

// Which clients a query covers: these ones, or these with everything below them (a parent's
// hierarchy, resolved in the same statement as what is read about it).
export type ClientSet = { ids: readonly string[] } | { atOrBelow: readonly string[] };

function isEmptyClientSet(set: ClientSet): boolean {
  return ('ids' in set ? set.ids : set.atOrBelow).length === 0;
}

// `targets (id)`: the clients of the set, for use after `with recursive`. The ids travel as one array
// parameter; a plain list is the same walk with no step below its clients.
function clientSetCte(set: ClientSet): SQL {
  const [ids, depthBelow] = 'ids' in set ? [set.ids, 0] : [set.atOrBelow, maxHierarchyDepth];
  return sql`below (id, depth) as (
        select c.id, 0 from clients c where c.id = any(${`{${ids.join(',')}}`}::uuid[])
        union all
        select c.id, below.depth + 1 from clients c join below on c.parent_id = below.id
        where below.depth < ${depthBelow}
      ),
      targets (id) as (select distinct id from below)`;
}

// The clients at and below the given ones (a parent's hierarchy), in one recursive query.
export async function clientIdsAtOrBelow(executor: Executor, rootIds: readonly string[]): Promise<string[]> {
  if (rootIds.length === 0) return [];
  const rows = await queryRows(
    executor,
    sql`with recursive ${clientSetCte({ atOrBelow: rootIds })}
      select id::text as id from targets order by 1`,
  );
  return rows.map((row) => z.string().parse(row.id));
}

export async function findDefaultClientId(executor: Executor, userId: string): Promise<string | null> {
  const rows = await queryRows(
    executor,
    sql`select default_client_id::text as id from users where id = ${userId}::uuid`,
  );
  return z.object({ id: z.string().nullable() }).optional().parse(rows[0])?.id ?? null;
}

const accessFactsRow = z.object({
  client_id: z.string(),
  rbac_enabled: z.boolean(),
  has_membership: z.boolean(),
  granted: z.array(z.string()).nullable(),
});
export type ClientAccessFacts = {
  clientId: string;
  rbacEnabled: boolean;
  // A membership on the client or on a parent above it governs it.
  hasMembership: boolean;
  grantedPermissions: readonly string[];
};

// findMerchantAccessFacts for many clients in one round trip: a parent's report
// checks reach and REPORTS_ADVANCED on every merchant of its hierarchy. The facts come in the
// clients' id order.
export async function findClientAccessFacts(
  executor: Executor,
  userId: string,
  set: ClientSet,
): Promise<ClientAccessFacts[]> {
  if (isEmptyClientSet(set)) return [];
  const rows = await queryRows(
    executor,
    sql`with recursive ${clientSetCte(set)},
      chain (root, id, parent_id, depth) as (
        select c.id, c.id, c.parent_id, 0 from clients c join targets t on t.id = c.id
        union all
        select chain.root, c.id, c.parent_id, chain.depth + 1
        from clients c join chain on c.id = chain.parent_id
        where chain.depth < ${maxHierarchyDepth}
      ),
      governing as (
        select distinct on (chain.root) chain.root, m.role_id
        from chain join memberships m on m.client_id = chain.id and m.user_id = ${userId}::uuid
        order by chain.root, chain.depth
      ),
      -- Each governing role's permissions read once, not once per merchant it governs.
      grants as (
        select rp.role_id, array_agg(rp.permission_name::text order by rp.permission_name) as granted
        from role_permissions rp
        where rp.role_id in (select role_id from governing)
        group by rp.role_id
      )
      select c.id::text as client_id,
        coalesce((cc.customizations ->> 'rbac_enabled')::boolean, false) as rbac_enabled,
        g.root is not null as has_membership,
        gr.granted
      from clients c
      join targets t on t.id = c.id
      left join client_configs cc on cc.client_id = c.id
      left join governing g on g.root = c.id
      left join grants gr on gr.role_id = g.role_id
      order by c.id`,
  );
  return rows.map((row) => {
    const parsed = accessFactsRow.parse(row);
    return {
      clientId: parsed.client_id,
      rbacEnabled: parsed.rbac_enabled,
      hasMembership: parsed.has_membership,
      grantedPermissions: parsed.granted ?? [],
    };
  });
}

// Who an enrollment belongs to: its account once approved, else the parent it enrolls under.
export async function findEnrollmentOwner(executor: Executor, enrollmentId: string) {
  const [row] = await executor
    .select({ id: enrollments.id, clientId: enrollments.clientId, parentId: enrollments.parentId })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId));
  return row;
}
