import {
  Permission,
  type PermissionName,
  permissionNameSchema,
} from '@portico/contracts/access/permission-names';
import {
  RbacErrorCode as Code,
  type CustomFieldAccess,
  type FieldToggle,
  nextFieldAccess,
  PermissionsPageText,
  type RbacUser,
  type Role,
  renamedRoleName,
  RbacErrorText as Text,
} from '@portico/contracts/access/rbac-admin';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { type AccessHolder, decideMerchantAccess } from '../../access/merchant-scope';
import type { Db, Executor } from '../../db/client';
import type { FieldsByTerminal } from '../../db/schema/access';
import { defineErrors } from '../../lib/app-error';
import { type AuditAction, recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/database-errors';
import { listSubLocations } from '../sub-locations/sub-locations.repository';
import {
  addUserSubEntity,
  countOtherRolesGranting,
  countRoleHolders,
  deleteRole,
  findMembership,
  findRole,
  findRoleByName,
  findSubEntity,
  findTerminal,
  grantPermission,
  insertRole,
  listChainIds,
  listRbacUsers,
  listRolePermissionNames,
  listRoles,
  listSubtree,
  listTerminals,
  listUserSubEntities,
  lockClientRoles,
  removeUserSubEntity,
  revokePermission,
  roleGrants,
  setMembershipRole,
  updateRole,
} from './rbac-admin.repository';

export const RbacAdminError = defineErrors({
  MerchantNotFound: [Code.MerchantNotFound, 'not_found'],
  RoleNotFound: [Code.RoleNotFound, 'not_found'],
  UserNotFound: [Code.UserNotFound, 'not_found'],
  SubEntityNotFound: [Code.SubEntityNotFound, 'not_found'],
  TerminalNotFound: [Code.TerminalNotFound, 'not_found'],
  FieldNotFound: [Code.FieldNotFound, 'not_found'],
  DuplicateRoleName: [Code.DuplicateRoleName, 'conflict'],
  PermissionNotAvailable: [Code.PermissionNotAvailable, 'business_rule'],
  LastPermissionsRole: [Code.LastPermissionsRole, 'business_rule'],
  RoleInUse: [Code.RoleInUse, 'conflict'],
  CannotHideRequired: [Code.CannotHideRequired, 'business_rule'],
  RoleExceedsCaller: [Code.RoleExceedsCaller, 'forbidden'],
});

// The merchant the access layer checked; staff may name one that does not exist (404, not empty).
export function checkedMerchantId(caller: Caller): string {
  const access = caller.merchant;
  if (!access?.merchantExists) throw RbacAdminError.MerchantNotFound('Merchant not found');
  return access.merchantId;
}

// What the merchant may grant: the permissions the caller holds there (GET /api/rbac/{id}/permissions),
// so nobody hands out more than they have.
function grantablePermissions(caller: Caller): readonly PermissionName[] {
  return caller.merchant?.effectivePermissions ?? [];
}

async function audit(
  executor: Executor,
  caller: Caller,
  action: AuditAction,
  clientId: string,
  target: { type: string; id: string },
  details: Record<string, unknown>,
) {
  await recordAudit(executor, {
    action,
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: target.type,
    targetId: target.id,
    clientId,
    details,
  });
}

// Stored beside custom_field_access: per terminal, the fields hidden and the fields not required.
export function fieldListsOf(
  access: CustomFieldAccess,
  fieldsByTerminal: ReadonlyMap<string, readonly string[]>,
): { hideableFields: FieldsByTerminal; omittableFields: FieldsByTerminal } {
  const hideableFields: FieldsByTerminal = {};
  const omittableFields: FieldsByTerminal = {};
  for (const [terminalId, fields] of fieldsByTerminal) {
    const levels = access[terminalId] ?? {};
    const hidden = fields.filter((field) => levels[field] === undefined);
    const optional = fields.filter((field) => levels[field] !== 'require');
    if (hidden.length > 0) hideableFields[terminalId] = hidden;
    if (optional.length > 0) omittableFields[terminalId] = optional;
  }
  return { hideableFields, omittableFields };
}

type RoleRecord = Awaited<ReturnType<typeof listRoles>>[number];

function toRole(record: RoleRecord): Role {
  return {
    id: record.id,
    name: record.name,
    merchant: { id: record.clientId, name: record.clientName },
    granted_permissions: record.permissions.flatMap((name) => {
      const parsed = permissionNameSchema.safeParse(name);
      return parsed.success ? [{ name: parsed.data }] : [];
    }),
    custom_field_access: record.customFieldAccess,
    hideable_fields: record.hideableFields,
    omittable_fields: record.omittableFields,
    user_count: record.userCount,
  };
}

// GET /api/rbac/{id}/roles: the merchant's roles and, with the hierarchy, those of the parents above.
export async function listMerchantRoles(db: Db, caller: Caller, withHierarchy: boolean) {
  const clientId = checkedMerchantId(caller);
  const ids = withHierarchy ? await listChainIds(db, clientId) : [clientId];
  return (await listRoles(db, ids)).map(toRole);
}

async function loadRole(executor: Executor, roleId: string): Promise<Role> {
  const record = await findRole(executor, roleId);
  if (!record) throw RbacAdminError.RoleNotFound('Role not found');
  const [full] = await listRoles(executor, [record.clientId]).then((rows) =>
    rows.filter((r) => r.id === roleId),
  );
  if (!full) throw RbacAdminError.RoleNotFound('Role not found');
  return toRole(full);
}

// A role is changed only through its own merchant: another merchant's id in the path is a 404.
async function ownRole(executor: Executor, clientId: string, roleId: string) {
  const role = await findRole(executor, roleId);
  if (!role || role.clientId !== clientId) throw RbacAdminError.RoleNotFound('Role not found');
  return role;
}

export async function createMerchantRole(db: Db, caller: Caller, name: string): Promise<Role> {
  const clientId = checkedMerchantId(caller);
  try {
    const roleId = await db.transaction(async (tx) => {
      await lockClientRoles(tx, clientId);
      if (await findRoleByName(tx, clientId, name))
        throw RbacAdminError.DuplicateRoleName(Text.DuplicateRoleName);
      const id = await insertRole(tx, clientId, name);
      await audit(tx, caller, 'role.create', clientId, { type: 'role', id }, { name });
      return id;
    });
    return loadRole(db, roleId);
  } catch (error) {
    if (isUniqueViolation(error)) throw RbacAdminError.DuplicateRoleName(Text.DuplicateRoleName);
    throw error;
  }
}

// Terminal ids must be the merchant's (or below it) and field names must be the terminal's fields.
async function terminalFieldsFor(executor: Executor, clientId: string, terminalIds: readonly string[]) {
  const reachable = new Set((await listSubtree(executor, clientId)).map((client) => client.id));
  const fieldsByTerminal = new Map<string, string[]>();
  for (const terminal of await listTerminals(executor, [...reachable])) {
    fieldsByTerminal.set(
      terminal.id,
      terminal.customFields.map((field) => field.name),
    );
  }
  for (const id of terminalIds) {
    if (!fieldsByTerminal.has(id)) throw RbacAdminError.TerminalNotFound('Terminal not found');
  }
  return fieldsByTerminal;
}

export async function updateMerchantRole(
  db: Db,
  caller: Caller,
  roleId: string,
  body: { name?: string | undefined; custom_field_access?: CustomFieldAccess | undefined },
): Promise<Role> {
  const clientId = checkedMerchantId(caller);
  try {
    await db.transaction(async (tx) => {
      await lockClientRoles(tx, clientId);
      const role = await ownRole(tx, clientId, roleId);
      const name = renamedRoleName(body.name, role.name);
      if (name.toLowerCase() !== role.name.toLowerCase() && (await findRoleByName(tx, clientId, name)))
        throw RbacAdminError.DuplicateRoleName(Text.DuplicateRoleName);
      let fieldChange = {};
      if (body.custom_field_access) {
        const access = body.custom_field_access;
        const fields = await terminalFieldsFor(tx, clientId, Object.keys(access));
        for (const [terminalId, levels] of Object.entries(access)) {
          const known = fields.get(terminalId) ?? [];
          for (const field of Object.keys(levels)) {
            if (!known.includes(field))
              throw RbacAdminError.FieldNotFound('Field not found on this terminal');
          }
        }
        fieldChange = { customFieldAccess: access, ...fieldListsOf(access, fields) };
      }
      await updateRole(tx, roleId, { name, ...fieldChange });
      await audit(
        tx,
        caller,
        'role.update',
        clientId,
        { type: 'role', id: roleId },
        {
          from_name: role.name,
          name,
          ...(body.custom_field_access ? { custom_field_access: body.custom_field_access } : {}),
        },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw RbacAdminError.DuplicateRoleName(Text.DuplicateRoleName);
    throw error;
  }
  return loadRole(db, roleId);
}

// Nobody could manage roles again once no role of the merchant holds Permissions.
async function refuseLosingLastPermissionsRole(tx: Executor, clientId: string, roleId: string) {
  if (!(await roleGrants(tx, roleId, Permission.Permissions))) return;
  if ((await countOtherRolesGranting(tx, clientId, roleId, Permission.Permissions)) > 0) return;
  throw RbacAdminError.LastPermissionsRole(Text.LastPermissionsRole);
}

export async function deleteMerchantRole(db: Db, caller: Caller, roleId: string, force: boolean) {
  const clientId = checkedMerchantId(caller);
  return db.transaction(async (tx) => {
    await lockClientRoles(tx, clientId);
    const role = await ownRole(tx, clientId, roleId);
    await refuseLosingLastPermissionsRole(tx, clientId, roleId);
    const holders = await countRoleHolders(tx, roleId);
    if (holders > 0 && !force) throw RbacAdminError.RoleInUse(Text.RoleInUse);
    await deleteRole(tx, roleId);
    await audit(
      tx,
      caller,
      'role.delete',
      clientId,
      { type: 'role', id: roleId },
      {
        name: role.name,
        users_left_without_role: holders,
      },
    );
    return { id: roleId, users_left_without_role: holders };
  });
}

export async function changeRolePermission(
  db: Db,
  caller: Caller,
  roleId: string,
  permission: PermissionName,
  isGrant: boolean,
): Promise<Role> {
  const clientId = checkedMerchantId(caller);
  if (isGrant && !grantablePermissions(caller).includes(permission))
    throw RbacAdminError.PermissionNotAvailable(Text.PermissionNotAvailable);
  await db.transaction(async (tx) => {
    await lockClientRoles(tx, clientId);
    await ownRole(tx, clientId, roleId);
    if (!isGrant && permission === Permission.Permissions)
      await refuseLosingLastPermissionsRole(tx, clientId, roleId);
    const changed = isGrant
      ? await grantPermission(tx, roleId, permission)
      : await revokePermission(tx, roleId, permission);
    if (changed) {
      await audit(
        tx,
        caller,
        isGrant ? 'role.permission_grant' : 'role.permission_revoke',
        clientId,
        { type: 'role', id: roleId },
        { permission },
      );
    }
  });
  return loadRole(db, roleId);
}

// PUT .../permissions: the role's whole set at once. Each permission added or taken away is granted
// or revoked by the same rules as one at a time (only grantable ones added; the last role holding
// Permissions keeps it), all in one transaction, each change audited.
export async function setRolePermissions(
  db: Db,
  caller: Caller,
  roleId: string,
  wanted: readonly PermissionName[],
): Promise<Role> {
  const clientId = checkedMerchantId(caller);
  const grantable = new Set(grantablePermissions(caller));
  const wantedSet = new Set(wanted);
  await db.transaction(async (tx) => {
    await lockClientRoles(tx, clientId);
    await ownRole(tx, clientId, roleId);
    const current = new Set(await listRolePermissionNames(tx, roleId));
    const granting = [...wantedSet].filter((name) => !current.has(name));
    const revoking = [...current].filter((name) => !wantedSet.has(name as PermissionName));
    if (granting.some((name) => !grantable.has(name))) {
      throw RbacAdminError.PermissionNotAvailable(Text.PermissionNotAvailable);
    }
    if (revoking.includes(Permission.Permissions))
      await refuseLosingLastPermissionsRole(tx, clientId, roleId);
    for (const permission of granting) {
      await grantPermission(tx, roleId, permission);
      await audit(
        tx,
        caller,
        'role.permission_grant',
        clientId,
        { type: 'role', id: roleId },
        { permission },
      );
    }
    for (const permission of revoking) {
      await revokePermission(tx, roleId, permission);
      await audit(
        tx,
        caller,
        'role.permission_revoke',
        clientId,
        { type: 'role', id: roleId },
        { permission },
      );
    }
  });
  return loadRole(db, roleId);
}

// POST/DELETE .../hideable-fields/{f} hide or show a field; DELETE/POST .../omittable-fields/{f}
// make it required or optional again.
export async function toggleRoleField(
  db: Db,
  caller: Caller,
  input: { roleId: string; terminalId: string; fieldName: string; toggle: FieldToggle },
): Promise<Role> {
  const clientId = checkedMerchantId(caller);
  await db.transaction(async (tx) => {
    await lockClientRoles(tx, clientId);
    const role = await ownRole(tx, clientId, input.roleId);
    const terminal = await findTerminal(tx, input.terminalId);
    const reachable = new Set((await listSubtree(tx, clientId)).map((client) => client.id));
    if (!terminal || !reachable.has(terminal.clientId))
      throw RbacAdminError.TerminalNotFound('Terminal not found');
    if (!terminal.customFields.some((field) => field.name === input.fieldName))
      throw RbacAdminError.FieldNotFound('Field not found on this terminal');
    const levels = { ...(role.customFieldAccess[input.terminalId] ?? {}) };
    const next = nextFieldAccess(levels[input.fieldName] ?? null, input.toggle);
    if (!next.ok) throw RbacAdminError.CannotHideRequired(PermissionsPageText.CannotHideRequired);
    if (next.level === null) delete levels[input.fieldName];
    else levels[input.fieldName] = next.level;
    const access: CustomFieldAccess = { ...role.customFieldAccess, [input.terminalId]: levels };
    if (Object.keys(levels).length === 0) delete access[input.terminalId];
    const fields = await terminalFieldsFor(tx, clientId, []);
    await updateRole(tx, input.roleId, { customFieldAccess: access, ...fieldListsOf(access, fields) });
    await audit(
      tx,
      caller,
      'role.field_access',
      clientId,
      { type: 'role', id: input.roleId },
      {
        terminal_id: input.terminalId,
        field: input.fieldName,
        level: next.level ?? 'hidden',
      },
    );
  });
  return loadRole(db, input.roleId);
}

function toRbacUsers(
  rows: Awaited<ReturnType<typeof listRbacUsers>>,
  locations: Awaited<ReturnType<typeof listUserSubEntities>>,
  clientId: string,
): RbacUser[] {
  const byId = new Map<string, RbacUser>();
  for (const row of rows) {
    let user = byId.get(row.id);
    if (!user) {
      user = {
        id: row.id,
        name: row.name,
        email: row.email,
        role: null,
        groups_member: [],
        sub_entities: [],
      };
      byId.set(row.id, user);
    }
    user.groups_member.push({ id: row.clientId, name: row.clientName });
    // The role shown is the one on the page's merchant, else the first membership's.
    if (row.roleId && row.roleName && (row.clientId === clientId || user.role === null))
      user.role = { id: row.roleId, name: row.roleName };
  }
  for (const location of locations) {
    byId.get(location.userId)?.sub_entities.push({ id: location.id, name: location.name });
  }
  return [...byId.values()];
}

// GET /api/rbac/{id}/users?with_recursion=true: members of the merchant (and of the clients below it).
export async function listMerchantRbacUsers(db: Db, caller: Caller, withRecursion: boolean) {
  const clientId = checkedMerchantId(caller);
  const clientIds = withRecursion ? (await listSubtree(db, clientId)).map((c) => c.id) : [clientId];
  const rows = await listRbacUsers(db, clientIds);
  const locations = await listUserSubEntities(db, [...new Set(rows.map((row) => row.id))], clientIds);
  return toRbacUsers(rows, locations, clientId);
}

async function loadRbacUser(executor: Executor, clientId: string, userId: string): Promise<RbacUser> {
  const rows = (await listRbacUsers(executor, [clientId])).filter((row) => row.id === userId);
  const locations = await listUserSubEntities(executor, [userId], [clientId]);
  const [user] = toRbacUsers(rows, locations, clientId);
  if (!user) throw RbacAdminError.UserNotFound('User not found');
  return user;
}

// Edit User: the role of the user's membership on this merchant; the role must be the merchant's
// own or one of its parents'.
export async function setUserRole(db: Db, caller: Caller, userId: string, roleId: string | null) {
  const clientId = checkedMerchantId(caller);
  await db.transaction(async (tx) => {
    const membership = await findMembership(tx, userId, clientId);
    if (!membership) throw RbacAdminError.UserNotFound('User not found');
    if (roleId !== null) {
      const role = await findRole(tx, roleId);
      const chain = await listChainIds(tx, clientId);
      if (!role || !chain.includes(role.clientId)) throw RbacAdminError.RoleNotFound('Role not found');
      await requireAssignableRole(tx, caller.session, clientId, roleId);
    }
    if (membership.roleId === roleId) return;
    await setMembershipRole(tx, membership.id, roleId);
    await audit(
      tx,
      caller,
      'role_change',
      clientId,
      { type: 'user', id: userId },
      {
        from_role_id: membership.roleId,
        role_id: roleId,
      },
    );
  });
  return loadRbacUser(db, clientId, userId);
}

export async function changeUserSubEntity(
  db: Db,
  caller: Caller,
  input: { userId: string; subEntityId: string; isAdd: boolean },
) {
  const clientId = checkedMerchantId(caller);
  await db.transaction(async (tx) => {
    if (!(await findMembership(tx, input.userId, clientId)))
      throw RbacAdminError.UserNotFound('User not found');
    const location = await findSubEntity(tx, input.subEntityId);
    if (!location || location.clientId !== clientId)
      throw RbacAdminError.SubEntityNotFound('Sub-location not found');
    const changed = input.isAdd
      ? await addUserSubEntity(tx, input.userId, input.subEntityId)
      : await removeUserSubEntity(tx, input.userId, input.subEntityId);
    if (changed) {
      await audit(
        tx,
        caller,
        input.isAdd ? 'user.sub_entity_add' : 'user.sub_entity_remove',
        clientId,
        { type: 'user', id: input.userId },
        { sub_entity_id: input.subEntityId, sub_entity_name: location.name },
      );
    }
  });
  const locations = await listUserSubEntities(db, [input.userId], [clientId]);
  return { sub_entities: locations.map((location) => ({ id: location.id, name: location.name })) };
}

// GET /api/rbac/{id}/sub-entities: the merchant's locations, and those of the clients below it
// unless skipRecursion; merchant_ids narrows to those clients (each must be within the subtree).
export async function listMerchantSubEntities(
  db: Db,
  caller: Caller,
  input: { skipRecursion: boolean; merchantIds: readonly string[] },
) {
  const clientId = checkedMerchantId(caller);
  const subtree = input.skipRecursion ? [clientId] : (await listSubtree(db, clientId)).map((c) => c.id);
  const ids = input.merchantIds.length > 0 ? subtree.filter((id) => input.merchantIds.includes(id)) : subtree;
  return listSubLocations(db, ids);
}

export async function listMerchantGroups(db: Db, caller: Caller) {
  return listSubtree(db, checkedMerchantId(caller));
}

export async function listMerchantTerminals(db: Db, caller: Caller) {
  const clientId = checkedMerchantId(caller);
  const rows = await listTerminals(db, [clientId]);
  return rows.map((row) => ({ id: row.id, name: row.name, is_active: row.isActive }));
}

export async function listTerminalCustomFields(db: Db, caller: Caller, terminalId: string) {
  const clientId = checkedMerchantId(caller);
  const terminal = await findTerminal(db, terminalId);
  if (!terminal || terminal.clientId !== clientId)
    throw RbacAdminError.TerminalNotFound('Terminal not found');
  return terminal.customFields.map((field) => ({
    name: field.name,
    type: field.type,
    required: field.required === true,
  }));
}

// Nobody hands out more than they hold: a role given to a user (themselves included) must grant
// only permissions the caller has on that merchant (admin: all; RBAC off: all; in a mimic session,
// what the mimicked user and the person behind it both hold).
export async function requireAssignableRole(
  executor: Executor,
  caller: AccessHolder,
  merchantId: string,
  roleId: string,
): Promise<void> {
  const access = await decideMerchantAccess(executor, caller, merchantId, undefined);
  const held: readonly string[] = access.isAllowed ? access.effectivePermissions : [];
  const granted = await listRolePermissionNames(executor, roleId);
  if (granted.some((name) => !held.includes(name)))
    throw RbacAdminError.RoleExceedsCaller(Text.RoleExceedsCaller);
}
