import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clientChainCte, maxHierarchyDepth } from '../../access/merchant-scope.repository';
import type { Executor } from '../../db/client';
import {
  type CustomFieldAccess,
  type FieldsByTerminal,
  memberships,
  rolePermissions,
  roles,
  subEntities,
  userSubEntities,
} from '../../db/schema/access';
import { sessions } from '../../db/schema/auth';
import { clients } from '../../db/schema/clients';
import { virtualTerminalUrls } from '../../db/schema/terminals';
import { users } from '../../db/schema/users';
import { queryRows } from '../../db/sql-rows';

// The client and every client above it, nearest first.
export async function listChainIds(executor: Executor, clientId: string): Promise<string[]> {
  const rows = await queryRows(
    executor,
    sql`
      with recursive ${clientChainCte(clientId)}
      select id::text as id from chain order by depth
    `,
  );
  return rows.map((row) => z.object({ id: z.string() }).parse(row).id);
}

// The client and every client below it.
export async function listSubtree(executor: Executor, clientId: string) {
  const rows = await queryRows(
    executor,
    sql`
      with recursive below (id, depth) as (
        select ${clientId}::uuid, 0
        union all
        select c.id, below.depth + 1 from clients c join below on c.parent_id = below.id
        where below.depth < ${maxHierarchyDepth}
      )
      select c.id::text as id, c.name, c.level::text as level
      from clients c where c.id in (select id from below)
      order by (c.id = ${clientId}::uuid) desc, c.name, c.id
    `,
  );
  return rows.map((row) =>
    z.object({ id: z.string(), name: z.string(), level: z.enum(['Parent', 'Merchant']) }).parse(row),
  );
}

export async function findClientName(executor: Executor, clientId: string) {
  const [row] = await executor.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  return row?.name;
}

export async function findRole(executor: Executor, roleId: string) {
  const [row] = await executor
    .select({
      id: roles.id,
      clientId: roles.clientId,
      name: roles.name,
      customFieldAccess: roles.customFieldAccess,
    })
    .from(roles)
    .where(eq(roles.id, roleId));
  return row;
}

// Serialises the role changes of one client: the last-Permissions-role rule reads the other roles.
export async function lockClientRoles(executor: Executor, clientId: string): Promise<void> {
  await queryRows(executor, sql`select id from roles where client_id = ${clientId} for update`);
}

export async function listRoles(executor: Executor, clientIds: readonly string[]) {
  if (clientIds.length === 0) return [];
  const rows = await executor
    .select({
      id: roles.id,
      name: roles.name,
      clientId: roles.clientId,
      clientName: clients.name,
      customFieldAccess: roles.customFieldAccess,
      hideableFields: roles.hideableFields,
      omittableFields: roles.omittableFields,
    })
    .from(roles)
    .innerJoin(clients, eq(clients.id, roles.clientId))
    .where(inArray(roles.clientId, [...clientIds]))
    .orderBy(asc(roles.name), asc(roles.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const grants = await executor
    .select({ roleId: rolePermissions.roleId, name: rolePermissions.permissionName })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, ids))
    .orderBy(asc(rolePermissions.permissionName));
  const holders = await executor
    .select({ roleId: memberships.roleId, holders: count() })
    .from(memberships)
    .where(inArray(memberships.roleId, ids))
    .groupBy(memberships.roleId);
  return rows.map((row) => ({
    ...row,
    permissions: grants.filter((grant) => grant.roleId === row.id).map((grant) => grant.name),
    userCount: holders.find((holder) => holder.roleId === row.id)?.holders ?? 0,
  }));
}

export async function findRoleByName(executor: Executor, clientId: string, name: string) {
  const [row] = await executor
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clientId, clientId), sql`lower(${roles.name}) = lower(${name})`));
  return row;
}

export async function insertRole(executor: Executor, clientId: string, name: string) {
  const [row] = await executor.insert(roles).values({ clientId, name }).returning({ id: roles.id });
  if (!row) throw new Error('role insert returned nothing');
  return row.id;
}

export async function updateRole(
  executor: Executor,
  roleId: string,
  change: {
    name?: string;
    customFieldAccess?: CustomFieldAccess;
    hideableFields?: FieldsByTerminal;
    omittableFields?: FieldsByTerminal;
  },
) {
  await executor
    .update(roles)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(roles.id, roleId));
}

export async function deleteRole(executor: Executor, roleId: string) {
  await executor.delete(roles).where(eq(roles.id, roleId));
}

export async function countRoleHolders(executor: Executor, roleId: string): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(memberships).where(eq(memberships.roleId, roleId));
  return row?.n ?? 0;
}

// Roles of the client, other than this one, granting the permission.
export async function countOtherRolesGranting(
  executor: Executor,
  clientId: string,
  roleId: string,
  permission: string,
): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(
      and(
        eq(roles.clientId, clientId),
        eq(rolePermissions.permissionName, permission),
        sql`${roles.id} <> ${roleId}`,
      ),
    );
  return row?.n ?? 0;
}

export async function listRolePermissionNames(executor: Executor, roleId: string): Promise<string[]> {
  const rows = await executor
    .select({ name: rolePermissions.permissionName })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((row) => row.name);
}

export async function roleGrants(executor: Executor, roleId: string, permission: string): Promise<boolean> {
  const [row] = await executor
    .select({ roleId: rolePermissions.roleId })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionName, permission)));
  return row !== undefined;
}

// True when a row was added (false: already granted).
export async function grantPermission(executor: Executor, roleId: string, permission: string) {
  const rows = await executor
    .insert(rolePermissions)
    .values({ roleId, permissionName: permission })
    .onConflictDoNothing()
    .returning({ roleId: rolePermissions.roleId });
  return rows.length > 0;
}

export async function revokePermission(executor: Executor, roleId: string, permission: string) {
  const rows = await executor
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionName, permission)))
    .returning({ roleId: rolePermissions.roleId });
  return rows.length > 0;
}

export async function findMembership(executor: Executor, userId: string, clientId: string) {
  const [row] = await executor
    .select({ id: memberships.id, roleId: memberships.roleId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.clientId, clientId)));
  return row;
}

export async function setMembershipRole(executor: Executor, membershipId: string, roleId: string | null) {
  await executor.update(memberships).set({ roleId }).where(eq(memberships.id, membershipId));
}

// Users holding a membership on one of the clients, with that membership's role.
export async function listRbacUsers(executor: Executor, clientIds: readonly string[]) {
  if (clientIds.length === 0) return [];
  return executor
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      clientId: memberships.clientId,
      clientName: clients.name,
      roleId: roles.id,
      roleName: roles.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(clients, eq(clients.id, memberships.clientId))
    .leftJoin(roles, eq(roles.id, memberships.roleId))
    .where(inArray(memberships.clientId, [...clientIds]))
    .orderBy(asc(users.name), asc(users.id), asc(clients.name));
}

export async function findSubEntity(executor: Executor, id: string) {
  const [row] = await executor
    .select({ id: subEntities.id, clientId: subEntities.clientId, name: subEntities.name })
    .from(subEntities)
    .where(eq(subEntities.id, id));
  return row;
}

// The users' locations, among the given clients' sub-entities when clientIds is given.
export async function listUserSubEntities(
  executor: Executor,
  userIds: readonly string[],
  clientIds?: readonly string[],
) {
  if (userIds.length === 0 || clientIds?.length === 0) return [];
  return executor
    .select({
      userId: userSubEntities.userId,
      id: subEntities.id,
      name: subEntities.name,
      clientId: subEntities.clientId,
    })
    .from(userSubEntities)
    .innerJoin(subEntities, eq(subEntities.id, userSubEntities.subEntityId))
    .where(
      and(
        inArray(userSubEntities.userId, [...userIds]),
        clientIds ? inArray(subEntities.clientId, [...clientIds]) : undefined,
      ),
    )
    .orderBy(asc(subEntities.name), asc(subEntities.id));
}

export async function addUserSubEntity(executor: Executor, userId: string, subEntityId: string) {
  const rows = await executor
    .insert(userSubEntities)
    .values({ userId, subEntityId })
    .onConflictDoNothing()
    .returning({ userId: userSubEntities.userId });
  return rows.length > 0;
}

export async function removeUserSubEntity(executor: Executor, userId: string, subEntityId: string) {
  const rows = await executor
    .delete(userSubEntities)
    .where(and(eq(userSubEntities.userId, userId), eq(userSubEntities.subEntityId, subEntityId)))
    .returning({ userId: userSubEntities.userId });
  return rows.length > 0;
}

export async function listTerminals(executor: Executor, clientIds: readonly string[]) {
  if (clientIds.length === 0) return [];
  return executor
    .select({
      id: virtualTerminalUrls.id,
      name: virtualTerminalUrls.name,
      clientId: virtualTerminalUrls.clientId,
      isActive: virtualTerminalUrls.isActive,
      customFields: virtualTerminalUrls.customFields,
    })
    .from(virtualTerminalUrls)
    .where(inArray(virtualTerminalUrls.clientId, [...clientIds]))
    .orderBy(asc(virtualTerminalUrls.name), asc(virtualTerminalUrls.id));
}

export async function findTerminal(executor: Executor, terminalId: string) {
  const [row] = await executor
    .select({
      id: virtualTerminalUrls.id,
      clientId: virtualTerminalUrls.clientId,
      customFields: virtualTerminalUrls.customFields,
    })
    .from(virtualTerminalUrls)
    .where(eq(virtualTerminalUrls.id, terminalId));
  return row;
}

// Ends every open session of the user at once (lock, delete, e-mail change).
export async function revokeUserSessions(executor: Executor, userId: string): Promise<number> {
  const rows = await executor
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
