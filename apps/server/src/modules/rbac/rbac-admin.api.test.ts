import { PermissionsPageText, RbacErrorText } from '@portico/contracts/access/rbac-admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, clientIdNamed, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { memberships, rolePermissions, roles, subEntities, userSubEntities } from '../../db/schema/access';
import { auditLog } from '../../db/schema/system';
import { virtualTerminalUrls } from '../../db/schema/terminals';
import { users } from '../../db/schema/users';
import { queryRows } from '../../db/sql-rows';

// The "Roles and permissions" calls on the server: every call on Harbor Lane Coffee (RBAC on), the
// refusals of bad input, and the audit of each change.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harbor: string;
let copper: string;
const roleIds = new Map<string, string>();

function clientId(name: string) {
  return clientIdNamed(ctx.app.db, name);
}
async function userId(email: string) {
  const [row] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}
function role(name: string) {
  const id = roleIds.get(name);
  if (!id) throw new Error(`No role ${name}`);
  return id;
}
function call(
  email: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  cookie?: string,
) {
  return callAs(ctx.app, email, method, url, payload, cookie);
}
async function grantsOf(roleId: string) {
  const rows = await ctx.app.db
    .select({ name: rolePermissions.permissionName })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((row) => row.name).sort();
}
async function auditsOf(action: string, targetId: string) {
  return ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harbor = await clientId('Harbor Lane Coffee Roasters');
  copper = await clientId('Copper Kettle Bistro');
  for (const row of await ctx.app.db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.clientId, harbor)))
    roleIds.set(row.name, row.id);
});
afterAll(() => ctx.close());

describe('roles', () => {
  it("offers a merchant the roles of its own hierarchy only: its own and its parents', never a sibling's", async () => {
    const res = await call(demo.admin, 'GET', `/api/rbac/${harbor}/roles?with_hierarchy=true`);
    expect(res.statusCode).toBe(200);
    const owners = new Set(res.json().message.map((r: { merchant: { name: string } }) => r.merchant.name));
    expect(owners.has('Harbor Lane Coffee Roasters')).toBe(true);
    expect(owners.has('Copper Kettle Bistro')).toBe(false);
    const [chain] = await queryRows(
      ctx.app.db,
      sql`select c.name as own, p.name as parent from clients c join clients p on p.id = c.parent_id where c.id = ${harbor}`,
    );
    for (const owner of owners) expect([chain?.own, chain?.parent]).toContain(owner);
  });

  it("lists the merchant's roles with their permissions, field access and holders", async () => {
    const res = await call(demo.alpha, 'GET', `/api/rbac/${harbor}/roles?with_hierarchy=false`);
    expect(res.statusCode).toBe(200);
    const list: {
      name: string;
      merchant: { id: string };
      user_count: number;
      granted_permissions: unknown[];
    }[] = res.json().message;
    expect(list.map((r) => r.name)).toEqual(['Bookkeeper', 'Cashier', 'Location Admin', 'Manager', 'Owner']);
    expect(list.every((r) => r.merchant.id === harbor)).toBe(true);
    expect(list.find((r) => r.name === 'Cashier')?.user_count).toBe(1);
    expect(list.find((r) => r.name === 'Bookkeeper')?.granted_permissions).toEqual([
      { name: 'Disputes' },
      { name: 'Documents' },
      { name: 'Payouts' },
      { name: 'Reports' },
      { name: 'Reports - Advanced Fields' },
    ]);
  });

  it('adds a role with a trimmed name, refuses a duplicate (any case) and audits the addition', async () => {
    const added = await call(demo.alpha, 'POST', `/api/rbac/${harbor}/roles`, { name: '  Greeter ' });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toMatchObject({ name: 'Greeter', granted_permissions: [], user_count: 0 });
    const id: string = added.json().message.id;
    roleIds.set('Greeter', id);
    expect(await auditsOf('role.create', id)).toHaveLength(1);

    const duplicate = await call(demo.alpha, 'POST', `/api/rbac/${harbor}/roles`, { name: 'greeter' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({
      code: 'DUPLICATE_ROLE_NAME',
      message: RbacErrorText.DuplicateRoleName,
    });
    const strict = await call(demo.alpha, 'POST', `/api/rbac/${harbor}/roles`, { name: 'X', color: 'red' });
    expect(strict.statusCode).toBe(400);
  });

  it('renames with trim and falls back to the current name when nothing is left', async () => {
    const url = `/api/rbac/${harbor}/roles/${role('Greeter')}`;
    const renamed = await call(demo.alpha, 'PATCH', url, { name: '  Host  ' });
    expect(renamed.json().message.name).toBe('Host');
    const blank = await call(demo.alpha, 'PATCH', url, { name: '   ' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().message.name).toBe('Host');
    const clash = await call(demo.alpha, 'PATCH', url, { name: 'Owner' });
    expect(clash.statusCode).toBe(409);
    const audits = await auditsOf('role.update', role('Greeter'));
    expect(audits.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({ from_name: 'Greeter', name: 'Host' }),
    );
  });

  it('grants only what the merchant has for the caller, and revokes; each change audited', async () => {
    const base = `/api/rbac/${harbor}/roles/${role('Greeter')}/permissions`;
    // Location Admin holds Reports but not Vault.
    const refused = await call(demo.alpha, 'POST', `${base}/Vault`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'PERMISSION_NOT_AVAILABLE',
      message: RbacErrorText.PermissionNotAvailable,
    });
    expect(await grantsOf(role('Greeter'))).toEqual([]);

    const granted = await call(demo.alpha, 'POST', `${base}/Reports`);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().message.granted_permissions).toEqual([{ name: 'Reports' }]);
    expect(await grantsOf(role('Greeter'))).toEqual(['Reports']);
    const unknown = await call(demo.alpha, 'POST', `${base}/Fly`);
    expect(unknown.statusCode).toBe(400);

    const revoked = await call(demo.alpha, 'DELETE', `${base}/Reports`);
    expect(revoked.statusCode).toBe(200);
    expect(await grantsOf(role('Greeter'))).toEqual([]);
    expect(await auditsOf('role.permission_grant', role('Greeter'))).toHaveLength(1);
    expect(await auditsOf('role.permission_revoke', role('Greeter'))).toHaveLength(1);
  });

  it('refuses a role of another merchant by its id, changing nothing', async () => {
    // Harbor's role addressed through Copper Kettle (which the admin reaches): 404.
    const viaCopper = await call(
      demo.admin,
      'POST',
      `/api/rbac/${copper}/roles/${role('Bookkeeper')}/permissions/Vault`,
    );
    expect(viaCopper.statusCode).toBe(404);
    expect(await grantsOf(role('Bookkeeper'))).not.toContain('Vault');
    const deleteViaCopper = await call(
      demo.admin,
      'DELETE',
      `/api/rbac/${copper}/roles/${role('Bookkeeper')}?force=true`,
    );
    expect(deleteViaCopper.statusCode).toBe(404);
    // Copper Kettle's owner on Harbor Lane: 403.
    const foreign = await call(demo.copperOwner, 'POST', `/api/rbac/${harbor}/roles`, { name: 'Intruder' });
    expect(foreign.statusCode).toBe(403);
    const foreignRename = await call(
      demo.copperOwner,
      'PATCH',
      `/api/rbac/${harbor}/roles/${role('Owner')}`,
      {
        name: 'Mine',
      },
    );
    expect(foreignRename.statusCode).toBe(403);
    const names = await ctx.app.db.select({ name: roles.name }).from(roles).where(eq(roles.clientId, harbor));
    expect(names.map((r) => r.name)).not.toContain('Intruder');
    expect(names.map((r) => r.name)).toContain('Owner');
    // A merchant user without Permissions (the barista, Cashier) is refused too.
    const cashier = await call(demo.barista, 'GET', `/api/rbac/${harbor}/users`);
    expect(cashier.statusCode).toBe(403);
  });

  it('deletes a held role only with force, leaving its holders without a role', async () => {
    const url = `/api/rbac/${harbor}/roles/${role('Cashier')}`;
    const held = await call(demo.admin, 'DELETE', url);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toBe(RbacErrorText.RoleInUse);
    const forced = await call(demo.admin, 'DELETE', `${url}?force=true`);
    expect(forced.statusCode).toBe(200);
    expect(forced.json().message).toEqual({ id: role('Cashier'), users_left_without_role: 1 });
    const [barista] = await ctx.app.db
      .select({ roleId: memberships.roleId })
      .from(memberships)
      .where(and(eq(memberships.userId, await userId(demo.barista)), eq(memberships.clientId, harbor)));
    expect(barista).toEqual({ roleId: null });
    expect(await auditsOf('role.delete', role('Cashier'))).toHaveLength(1);
  });

  it("saves a role's whole set at once: what changed, in one transaction, each change audited", async () => {
    const url = `/api/rbac/${harbor}/roles/${role('Greeter')}/permissions`;
    const saved = await call(demo.owner, 'PUT', url, { permissions: ['Reports', 'Payouts'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await grantsOf(role('Greeter'))).toEqual(['Payouts', 'Reports']);

    // One grant the caller may not make refuses the whole save (Location Admin holds Reports, not
    // Vault): nothing changes.
    const refused = await call(demo.alpha, 'PUT', url, { permissions: ['Payouts', 'Reports', 'Vault'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('PERMISSION_NOT_AVAILABLE');
    expect(await grantsOf(role('Greeter'))).toEqual(['Payouts', 'Reports']);
    const unknown = await call(demo.alpha, 'PUT', url, { permissions: ['Fly'] });
    expect(unknown.statusCode).toBe(400);

    const emptied = await call(demo.alpha, 'PUT', url, { permissions: [] });
    expect(emptied.statusCode).toBe(200);
    expect(await grantsOf(role('Greeter'))).toEqual([]);
    const grants = await auditsOf('role.permission_grant', role('Greeter'));
    const revokes = await auditsOf('role.permission_revoke', role('Greeter'));
    expect(grants.map((entry) => (entry.details as { permission: string }).permission).sort()).toContain(
      'Payouts',
    );
    expect(revokes.map((entry) => (entry.details as { permission: string }).permission).sort()).toEqual(
      expect.arrayContaining(['Payouts', 'Reports']),
    );
  });

  it('never leaves the merchant without a role holding Permissions', async () => {
    const fromOwner = await call(
      demo.admin,
      'DELETE',
      `/api/rbac/${harbor}/roles/${role('Owner')}/permissions/Permissions`,
    );
    expect(fromOwner.statusCode).toBe(200);
    const last = await call(
      demo.admin,
      'DELETE',
      `/api/rbac/${harbor}/roles/${role('Location Admin')}/permissions/Permissions`,
    );
    expect(last.statusCode).toBe(422);
    expect(last.json().error).toEqual({
      code: 'LAST_PERMISSIONS_ROLE',
      message: RbacErrorText.LastPermissionsRole,
    });
    const deleted = await call(
      demo.admin,
      'DELETE',
      `/api/rbac/${harbor}/roles/${role('Location Admin')}?force=true`,
    );
    expect(deleted.statusCode).toBe(422);
    expect(await grantsOf(role('Location Admin'))).toContain('Permissions');
    // Saving the whole set without Permissions is refused the same way, and changes nothing.
    const before = await grantsOf(role('Location Admin'));
    const saved = await call(
      demo.admin,
      'PUT',
      `/api/rbac/${harbor}/roles/${role('Location Admin')}/permissions`,
      {
        permissions: before.filter((name) => name !== 'Permissions' && name !== 'Reports'),
      },
    );
    expect(saved.statusCode).toBe(422);
    expect(saved.json().error.code).toBe('LAST_PERMISSIONS_ROLE');
    expect(await grantsOf(role('Location Admin'))).toEqual(before);
    // Put it back for the tests below.
    expect(
      (await call(demo.admin, 'POST', `/api/rbac/${harbor}/roles/${role('Owner')}/permissions/Permissions`))
        .statusCode,
    ).toBe(200);
  });

  it('applies a revoked permission to the next request of every holder of the role', async () => {
    const alphaCookie = await sessionCookieFor(ctx.app.db, demo.alpha);
    expect(
      (await call(demo.alpha, 'GET', `/api/rbac/${harbor}/users`, undefined, alphaCookie)).statusCode,
    ).toBe(200);
    // Owner holds Permissions again, so Location Admin may lose it.
    const revoke = await call(
      demo.admin,
      'DELETE',
      `/api/rbac/${harbor}/roles/${role('Location Admin')}/permissions/Permissions`,
    );
    expect(revoke.statusCode).toBe(200);
    expect(
      (await call(demo.alpha, 'GET', `/api/rbac/${harbor}/users`, undefined, alphaCookie)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          demo.admin,
          'POST',
          `/api/rbac/${harbor}/roles/${role('Location Admin')}/permissions/Permissions`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(demo.alpha, 'GET', `/api/rbac/${harbor}/users`, undefined, alphaCookie)).statusCode,
    ).toBe(200);
  });
});

describe('custom-field access per terminal', () => {
  it('moves a field between hidden, shown and required, and refuses to hide a required one', async () => {
    const [terminal] = await ctx.app.db
      .select({ id: virtualTerminalUrls.id })
      .from(virtualTerminalUrls)
      .where(and(eq(virtualTerminalUrls.clientId, harbor), eq(virtualTerminalUrls.name, 'Catering Orders')));
    if (!terminal) throw new Error('No Catering Orders terminal');
    const roleId = role('Greeter');
    const field = encodeURIComponent('Order Number');
    const base = `/api/rbac/${harbor}/roles/${roleId}/terminals/${terminal.id}`;
    const access = async () =>
      (await call(demo.alpha, 'GET', `/api/rbac/${harbor}/roles?with_hierarchy=false`))
        .json()
        .message.find((r: { id: string }) => r.id === roleId).custom_field_access[terminal.id]?.[
        'Order Number'
      ];

    expect(await access()).toBeUndefined();
    expect((await call(demo.alpha, 'DELETE', `${base}/hideable-fields/${field}`)).statusCode).toBe(200);
    expect(await access()).toBe('show');
    // Checking Required: from hidden it also shows (here from show).
    expect((await call(demo.alpha, 'DELETE', `${base}/omittable-fields/${field}`)).statusCode).toBe(200);
    expect(await access()).toBe('require');
    const hide = await call(demo.alpha, 'POST', `${base}/hideable-fields/${field}`);
    expect(hide.statusCode).toBe(422);
    expect(hide.json().error.message).toBe(PermissionsPageText.CannotHideRequired);
    expect(await access()).toBe('require');
    expect((await call(demo.alpha, 'POST', `${base}/omittable-fields/${field}`)).statusCode).toBe(200);
    expect(await access()).toBe('show');
    expect((await call(demo.alpha, 'POST', `${base}/hideable-fields/${field}`)).statusCode).toBe(200);
    expect(await access()).toBeUndefined();
    const missing = await call(
      demo.alpha,
      'POST',
      `${base}/hideable-fields/${encodeURIComponent('No Such Field')}`,
    );
    expect(missing.statusCode).toBe(404);
    // Four changes; the refused hide and the missing field leave no entry.
    expect(await auditsOf('role.field_access', roleId)).toHaveLength(4);
  });

  it('lists terminals and their fields only for a merchant the caller manages', async () => {
    const terminals = await call(demo.alpha, 'GET', `/api/permissions/merchant/${harbor}/terminals`);
    expect(terminals.json().message.map((t: { name: string }) => t.name)).toEqual([
      'Catering Orders',
      'Default Terminal',
    ]);
    const catering = terminals.json().message.find((t: { name: string }) => t.name === 'Catering Orders');
    const fields = await call(
      demo.alpha,
      'GET',
      `/api/permissions/merchant/${harbor}/terminal/${catering.id}/custom-fields`,
    );
    expect(fields.json().message.map((f: { name: string }) => f.name)).toEqual([
      'Order Number',
      'Table Number',
    ]);
    const viaCopper = await call(
      demo.admin,
      'GET',
      `/api/permissions/merchant/${copper}/terminal/${catering.id}/custom-fields`,
    );
    expect(viaCopper.statusCode).toBe(404);
    expect(
      (await call(demo.copperOwner, 'GET', `/api/permissions/merchant/${harbor}/terminals`)).statusCode,
    ).toBe(403);
  });
});

describe('users on the permissions page', () => {
  it("sets a user's role from the merchant's roles only, audited as a role change", async () => {
    const barista = await userId(demo.barista);
    const url = `/api/rbac/${harbor}/users/${barista}`;
    // Host (the renamed Greeter) grants nothing alpha lacks.
    const set = await call(demo.alpha, 'PATCH', url, { role: role('Greeter') });
    expect(set.statusCode).toBe(200);
    expect(set.json().message.role).toEqual({ id: role('Greeter'), name: 'Host' });
    const [copperRole] = await ctx.app.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.clientId, copper));
    const foreignRole = await call(demo.alpha, 'PATCH', url, { role: copperRole?.id });
    expect(foreignRole.statusCode).toBe(404);
    const copperUser = await userId(demo.copperOwner);
    const foreignUser = await call(demo.alpha, 'PATCH', `/api/rbac/${harbor}/users/${copperUser}`, {
      role: null,
    });
    expect(foreignUser.statusCode).toBe(404);
    const audits = await auditsOf('role_change', barista);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toEqual({ from_role_id: null, role_id: role('Greeter') });
  });

  it('refuses a role granting more than the caller holds, to others and to oneself', async () => {
    const alpha = await userId(demo.alpha);
    // Owner grants every permission; Location Admin (alpha) holds five.
    const self = await call(demo.alpha, 'PATCH', `/api/rbac/${harbor}/users/${alpha}`, {
      role: role('Owner'),
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toEqual({
      code: 'ROLE_EXCEEDS_CALLER',
      message: RbacErrorText.RoleExceedsCaller,
    });
    const other = await call(demo.alpha, 'PATCH', `/api/rbac/${harbor}/users/${await userId(demo.barista)}`, {
      role: role('Bookkeeper'),
    });
    expect(other.statusCode).toBe(403);
    const [membership] = await ctx.app.db
      .select({ roleId: memberships.roleId })
      .from(memberships)
      .where(and(eq(memberships.userId, alpha), eq(memberships.clientId, harbor)));
    expect(membership?.roleId).toBe(role('Location Admin'));
    // The owner holds everything and may give it.
    const byOwner = await call(
      demo.owner,
      'PATCH',
      `/api/rbac/${harbor}/users/${await userId(demo.barista)}`,
      {
        role: role('Bookkeeper'),
      },
    );
    expect(byOwner.statusCode).toBe(200);
  });

  it('adds and removes sub-locations of the merchant only', async () => {
    const barista = await userId(demo.barista);
    const locations = await ctx.app.db
      .select({ id: subEntities.id, name: subEntities.name, clientId: subEntities.clientId })
      .from(subEntities);
    const held = await ctx.app.db
      .select({ id: userSubEntities.subEntityId })
      .from(userSubEntities)
      .where(eq(userSubEntities.userId, barista));
    // A Harbor Lane location the barista does not work at yet.
    const pearl = locations.find((l) => l.clientId === harbor && !held.some((h) => h.id === l.id));
    const foreign = locations.find((l) => l.clientId !== harbor);
    if (!pearl || !foreign) throw new Error('seeded locations missing');
    const base = `/api/rbac/${harbor}/users/${barista}/sub-entities`;
    const added = await call(demo.alpha, 'POST', `${base}/${pearl.id}`);
    expect(added.statusCode).toBe(200);
    expect(added.json().message.sub_entities).toContainEqual({ id: pearl.id, name: pearl.name });
    const other = await call(demo.alpha, 'POST', `${base}/${foreign.id}`);
    expect(other.statusCode).toBe(404);
    const users = await call(demo.alpha, 'GET', `/api/rbac/${harbor}/users`);
    const row = users.json().message.find((u: { id: string }) => u.id === barista);
    expect(row.sub_entities).toContainEqual({ id: pearl.id, name: pearl.name });
    const removed = await call(demo.alpha, 'DELETE', `${base}/${pearl.id}`);
    expect(removed.json().message.sub_entities).not.toContainEqual({ id: pearl.id, name: pearl.name });
    expect(await auditsOf('user.sub_entity_add', barista)).toHaveLength(1);
    expect(await auditsOf('user.sub_entity_remove', barista)).toHaveLength(1);
  });
});
