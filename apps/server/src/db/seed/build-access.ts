import { type PermissionName, permissionNames } from '@portico/contracts/access/permission-names';
import { demoAuthenticatorSecret } from '@portico/contracts/auth/demo-authenticator';
import { hmacSha1 } from '../../lib/crypto/hmac-sha1';
import type { memberships, rolePermissions, roles, userSubEntities } from '../schema/access';
import { encryptedColumn } from '../schema/encrypted-columns';
import type { userAuthenticators } from '../schema/second-factor';
import type { gridConfigs, users } from '../schema/users';
import { clientIdOf } from './build-clients';
import type { LocationsPart } from './build-locations';
import { type DemoAccount, demoAccounts } from './demo-accounts';
import { type ClientKey, type MerchantSpec, merchantSpecs, parentSpecs } from './demo-catalog';
import { personName } from './people';
import { createRng, type Rng, seedFromLabel } from './prng';
import { fictionalPhone, type SeedContext } from './seed-context';

type UserRow = typeof users.$inferInsert & { id: string; email: string };
type RoleRow = typeof roles.$inferInsert & { id: string };

export type AccessPart = {
  users: UserRow[];
  gridConfigs: (typeof gridConfigs.$inferInsert)[];
  roles: RoleRow[];
  rolePermissions: (typeof rolePermissions.$inferInsert)[];
  memberships: (typeof memberships.$inferInsert)[];
  userSubEntities: (typeof userSubEntities.$inferInsert)[];
  authenticators: (typeof userAuthenticators.$inferInsert)[];
  userIdsByEmail: ReadonlyMap<string, string>;
};

const everyPermission: readonly PermissionName[] = permissionNames;
const without = (...names: PermissionName[]) => everyPermission.filter((name) => !names.includes(name));

type RoleSpec = {
  name: string;
  permissions: readonly PermissionName[];
  fieldAccess?: 'cashier' | 'front-desk';
};

// Roles per client. RBAC is enforced only where the client's customizations.rbac_enabled is set; the
// roles of Copper Kettle exist but do not restrict (without RBAC every permission is granted).
const roleSpecs: { client: ClientKey; roles: RoleSpec[] }[] = [
  {
    client: 'harbor-lane-coffee',
    roles: [
      { name: 'Owner', permissions: everyPermission },
      { name: 'Manager', permissions: without('Permissions', 'Users') },
      {
        name: 'Cashier',
        permissions: [
          'Virtual Terminal',
          'Charge',
          'Swipe',
          'Cash',
          'Transaction Apple Pay',
          'Google Pay',
          'Terminals',
          'Reports',
        ],
        fieldAccess: 'cashier',
      },
      {
        name: 'Bookkeeper',
        permissions: ['Reports', 'Reports - Advanced Fields', 'Payouts', 'Disputes', 'Documents'],
      },
      {
        name: 'Location Admin',
        permissions: ['Permissions', 'Users', 'Terminal Admin', 'Reports', 'Virtual Terminal Configuration'],
      },
    ],
  },
  {
    client: 'magnolia-grill',
    roles: [
      { name: 'Owner', permissions: everyPermission },
      { name: 'Manager', permissions: without('Permissions') },
      { name: 'Server', permissions: ['Charge', 'Swipe', 'Terminals', 'Void Card', 'Reports'] },
    ],
  },
  {
    client: 'harborview-family-dental',
    roles: [
      { name: 'Owner', permissions: everyPermission },
      {
        name: 'Front Desk',
        permissions: [
          'Virtual Terminal',
          'Charge',
          'Vault',
          'Reports',
          'Recurring Charges',
          'Refund Card',
          'Void Card',
          'Documents',
        ],
        fieldAccess: 'front-desk',
      },
      {
        name: 'Billing Manager',
        permissions: [
          'Reports',
          'Reports - Advanced Fields',
          'Payouts',
          'Disputes',
          'Refund',
          'Refund Card',
          'Refund ACH',
          'Void',
          'Void Card',
          'Void ACH',
          'Credit (ACH Refund)',
          'Debit (ACH Charge)',
          'Recurring Charges',
        ],
      },
    ],
  },
  {
    client: 'copper-kettle-bistro',
    roles: [
      { name: 'Owner', permissions: everyPermission },
      {
        name: 'Manager',
        permissions: ['Reports', 'Payouts', 'Disputes', 'Terminals', 'Charge', 'Void', 'Refund'],
      },
    ],
  },
  { client: 'summit', roles: [{ name: 'Partner Admin', permissions: partnerPermissions() }] },
  { client: 'blueriver', roles: [{ name: 'Partner Admin', permissions: partnerPermissions() }] },
  {
    client: 'healnow',
    roles: [
      { name: 'Partner Admin', permissions: partnerPermissions() },
      { name: 'Partner Viewer', permissions: ['Reports', 'Merchant Accounts'] },
    ],
  },
];

function partnerPermissions(): PermissionName[] {
  return [
    'Merchant Accounts',
    'Reports',
    'Payouts',
    'Disputes',
    'Users',
    'Permissions',
    'Documents',
    'Developers',
  ];
}

function timezoneOf(state: string): string {
  if (['WA', 'OR', 'CA'].includes(state)) return 'America/Los_Angeles';
  if (state === 'AZ') return 'America/Phoenix';
  if (['CO', 'UT', 'ID'].includes(state)) return 'America/Denver';
  if (['TX', 'IL', 'WI', 'MN', 'MO', 'NE', 'LA', 'TN'].includes(state)) return 'America/Chicago';
  return 'America/New_York';
}

export function buildAccess(
  ctx: SeedContext,
  clientIds: ReadonlyMap<ClientKey, string>,
  locations: LocationsPart,
  vtIdsByClient: ReadonlyMap<ClientKey, string[]>,
): AccessPart {
  const rng = createRng(seedFromLabel('access'));
  const part: Omit<AccessPart, 'userIdsByEmail'> = {
    users: [],
    gridConfigs: [],
    roles: [],
    rolePermissions: [],
    memberships: [],
    userSubEntities: [],
    authenticators: [],
  };
  const roleIds = addRoles(ctx, rng, part, clientIds, vtIdsByClient);
  const accounts = demoAccounts(ctx.domains);
  for (const account of accounts) addDemoUser(ctx, rng, part, account, clientIds, roleIds, locations);
  addMerchantStaff(ctx, rng, part, accounts, clientIds, roleIds);
  addGridConfigs(ctx, rng, part);
  return { ...part, userIdsByEmail: new Map(part.users.map((user) => [user.email, user.id])) };
}

type RoleIds = ReadonlyMap<string, string>;
const roleKey = (client: ClientKey, name: string) => `${client}/${name}`;

function roleIdOf(roleIds: RoleIds, client: ClientKey, name: string): string {
  const id = roleIds.get(roleKey(client, name));
  if (!id) throw new Error(`Demo role ${name} is not defined on ${client}`);
  return id;
}

function addRoles(
  ctx: SeedContext,
  rng: Rng,
  part: Omit<AccessPart, 'userIdsByEmail'>,
  clientIds: ReadonlyMap<ClientKey, string>,
  vtIdsByClient: ReadonlyMap<ClientKey, string[]>,
): RoleIds {
  const roleIds = new Map<string, string>();
  for (const { client, roles: specs } of roleSpecs) {
    const fieldTerminal = vtIdsByClient.get(client)?.[1];
    for (const spec of specs) {
      const id = rng.uuid();
      roleIds.set(roleKey(client, spec.name), id);
      part.roles.push({
        id,
        clientId: clientIdOf(clientIds, client),
        name: spec.name,
        ...fieldAccessOf(spec, fieldTerminal),
        createdAt: ctx.daysAgo(300),
      });
      for (const permissionName of spec.permissions)
        part.rolePermissions.push({ roleId: id, permissionName });
    }
  }
  return roleIds;
}

// Per-terminal custom-field visibility: require, show, or absent (hidden).
function fieldAccessOf(spec: RoleSpec, terminalId: string | undefined): Partial<RoleRow> {
  if (!terminalId || !spec.fieldAccess) return {};
  if (spec.fieldAccess === 'cashier') {
    return {
      customFieldAccess: { [terminalId]: { 'Order Number': 'require', 'Table Number': 'show' } },
      hideableFields: { [terminalId]: ['Table Number'] },
      omittableFields: {},
    };
  }
  return {
    customFieldAccess: { [terminalId]: { 'Patient Number': 'require', 'Clinic Location': 'show' } },
    hideableFields: { [terminalId]: ['Clinic Location'] },
    omittableFields: { [terminalId]: ['Clinic Location'] },
  };
}

function placeOf(client: ClientKey): { state: string; area: string } {
  const merchant = merchantSpecs.find((m) => m.key === client);
  const parent = parentSpecs.find((p) => p.key === client);
  return merchant ?? parent ?? { state: 'MA', area: '617' };
}

function addDemoUser(
  ctx: SeedContext,
  rng: Rng,
  part: Omit<AccessPart, 'userIdsByEmail'>,
  account: DemoAccount,
  clientIds: ReadonlyMap<ClientKey, string>,
  roleIds: RoleIds,
  locations: LocationsPart,
) {
  const id = rng.uuid();
  const place = placeOf(account.defaultClient);
  part.users.push({
    id,
    email: account.email,
    name: account.name,
    phone: fictionalPhone(place.area, rng.int(100)),
    userType: account.role,
    label: account.role === 'user' ? 'Principal' : 'Manager',
    isProcessorAuditUser: account.isProcessorAuditUser,
    isDemoUser: account.isDemoUser,
    defaultClientId: clientIdOf(clientIds, account.defaultClient),
    timezone: timezoneOf(place.state),
    userCustomizations: account.role === 'admin' ? { sidebar_collapsed: false, tours_seen: ['partner'] } : {},
    lastSignInAt: ctx.daysAgo(rng.between(1, 20), rng.between(13, 22)),
    createdAt: ctx.daysAgo(rng.between(200, 700)),
  });
  if (account.hasAuthenticator) {
    part.authenticators.push({
      userId: id,
      secretEnc: ctx.encrypt(
        demoAuthenticatorSecret(account.email, hmacSha1),
        encryptedColumn.authenticatorSecret,
      ),
      createdAt: ctx.daysAgo(30),
      confirmedAt: ctx.daysAgo(30),
    });
  }
  for (const membership of account.memberships) {
    part.memberships.push({
      id: rng.uuid(),
      userId: id,
      clientId: clientIdOf(clientIds, membership.client),
      roleId: membership.role ? roleIdOf(roleIds, membership.client, membership.role) : null,
    });
  }
  const sites = locations.idsByClient.get(account.defaultClient) ?? [];
  for (const siteName of account.subEntities) {
    const site = sites.find((s) => s.name === siteName);
    if (!site) throw new Error(`Demo location ${siteName} is not defined on ${account.defaultClient}`);
    part.userSubEntities.push({ userId: id, subEntityId: site.id });
  }
}

// Every merchant gets an owner (unless a demo account already is one) and some a contact, so the
// Users pages have people to show. Contacts never sign in.
function addMerchantStaff(
  ctx: SeedContext,
  rng: Rng,
  part: Omit<AccessPart, 'userIdsByEmail'>,
  accounts: DemoAccount[],
  clientIds: ReadonlyMap<ClientKey, string>,
  roleIds: RoleIds,
) {
  const covered = new Set(accounts.map((account) => account.defaultClient));
  for (const spec of merchantSpecs) {
    const clientId = clientIdOf(clientIds, spec.key);
    if (!covered.has(spec.key)) addOwner(ctx, rng, part, spec, clientId, roleIds);
    if (rng.chance(0.35)) addContact(ctx, rng, part, spec, clientId);
  }
  const blueRiverId = clientIdOf(clientIds, 'blueriver');
  const partnerId = rng.uuid();
  part.users.push({
    id: partnerId,
    email: 'partners@blueriverpay.example',
    name: 'Nina Alvarez',
    userType: 'parent',
    label: 'Manager',
    defaultClientId: blueRiverId,
    timezone: 'America/New_York',
    createdAt: ctx.daysAgo(900),
  });
  part.memberships.push({
    id: rng.uuid(),
    userId: partnerId,
    clientId: blueRiverId,
    roleId: roleIdOf(roleIds, 'blueriver', 'Partner Admin'),
  });
  // A former employee: locked out and disabled, kept for the history.
  part.users.push({
    id: rng.uuid(),
    email: 'former.manager@bayoubistro.example',
    name: 'Glen Harper',
    userType: 'user',
    label: 'Manager',
    defaultClientId: clientIdOf(clientIds, 'bayou-bistro'),
    isLockedOut: true,
    isDisabled: true,
    timezone: 'America/Chicago',
    createdAt: ctx.daysAgo(600),
  });
}

function addOwner(
  ctx: SeedContext,
  rng: Rng,
  part: Omit<AccessPart, 'userIdsByEmail'>,
  spec: MerchantSpec,
  clientId: string,
  roleIds: RoleIds,
) {
  const person = personName(rng);
  const id = rng.uuid();
  part.users.push({
    id,
    email: `owner@${spec.domain}`,
    name: `${person.first} ${person.last}`,
    phone: fictionalPhone(spec.area, rng.int(100)),
    userType: 'user',
    label: 'Principal',
    defaultClientId: clientId,
    timezone: timezoneOf(spec.state),
    createdAt: ctx.daysAgo(Math.max(spec.liveDaysAgo, 10)),
  });
  const ownerRole = roleIds.get(roleKey(spec.key, 'Owner')) ?? null;
  part.memberships.push({ id: rng.uuid(), userId: id, clientId, roleId: ownerRole });
}

function addContact(
  ctx: SeedContext,
  rng: Rng,
  part: Omit<AccessPart, 'userIdsByEmail'>,
  spec: MerchantSpec,
  clientId: string,
) {
  const person = personName(rng);
  const label = rng.pick(['Technology', 'Marketing', 'Manager'] as const);
  part.users.push({
    id: rng.uuid(),
    email: `${label.toLowerCase()}@${spec.domain}`,
    name: `${person.first} ${person.last}`,
    phone: fictionalPhone(spec.area, rng.int(100)),
    userType: 'contact',
    label,
    defaultClientId: clientId,
    timezone: timezoneOf(spec.state),
    createdAt: ctx.daysAgo(Math.max(spec.liveDaysAgo, 10)),
  });
}

// Saved report layouts (grid layout version v2); named ones carry '___name'.
function addGridConfigs(ctx: SeedContext, rng: Rng, part: Omit<AccessPart, 'userIdsByEmail'>) {
  const admin = part.users.find((user) => user.email.startsWith('admin@'));
  const owner = part.users.find((user) => user.email === 'owner@harborlanecoffee.example');
  const layout = (columns: string[], filters: Record<string, unknown> = {}) => ({
    version: 'v2',
    columns: columns.map((colId) => ({ colId, hide: false })),
    filters,
    sortModel: [{ colId: 'created_at', sort: 'desc' }],
    pivotMode: false,
    columnGroupState: [],
  });
  const reportColumns = ['created_at', 'merchant', 'type', 'amount', 'status', 'card_brand', 'last4'];
  for (const user of [admin, owner]) {
    if (!user) continue;
    part.gridConfigs.push({
      id: rng.uuid(),
      userId: user.id,
      key: 'transaction-report',
      layout: layout(reportColumns),
      createdAt: ctx.daysAgo(30),
    });
  }
  if (admin) {
    part.gridConfigs.push({
      id: rng.uuid(),
      userId: admin.id,
      key: 'transaction-report___Refunds only',
      layout: layout(reportColumns, { type: { filterType: 'set', values: ['refund', 'ach_refund'] } }),
      createdAt: ctx.daysAgo(12),
    });
  }
}
