import type { UserType } from '../auth/roles';
import { Permission, type PermissionName } from './permission-names';
import { actingRole, grantedPermissionUnion, isRbacEnabledOnDefaultMerchant } from './permissions';
import type { MenuUser } from './session-user';
import { isInternalOrPartnerStaffEmail, isInternalStaffEmail } from './staff-email';

// The menu table's "Visibility rule" column. The product writes both "internal staff only" and "internal
// only"; they are one rule: an e-mail at the provider's own domain.
export const menuVisibilityRules = [
  'none',
  'certification',
  'parentMembersOnly',
  // Parent members, as the product's table says, and the provider's own staff acting as admins, who
  // run enrollment and onboarding for every parent (not while viewing as a merchant).
  'parentMembersAndInternalStaff',
  'internalStaffOnly',
  'internalAndPartnerStaff',
] as const;
export type MenuVisibilityRule = (typeof menuVisibilityRules)[number];

// What the filter reads of an entry; the sidebar adds its icon by path.
export type MenuEntryRule = {
  title: string;
  roles: readonly UserType[];
  // The menu table's "Extra permission": any one of these shows the entry under RBAC.
  permissions: readonly PermissionName[];
  visibility: MenuVisibilityRule;
  // The reduced menu of processor-audit users.
  isInProcessorAuditMenu: boolean;
  // The demo-only menu of demo users.
  isInDemoMenu: boolean;
  // Under RBAC the grant alone shows it, whatever the role: its page's calls ask the server for that
  // permission only (Permissions, Sublocations). Every other entry also needs one of its roles, so
  // the menu never lists a page whose calls the server refuses the role (no dead ends).
  isOpenToEveryGrantee?: true;
};

const CLIENT_ROLES = ['admin', 'user', 'parent', 'healnow'] as const;
const MERCHANT_ROLES = ['admin', 'parent', 'user'] as const;

// The demo menu is not listed by the product. A demo account walks a merchant through its day on
// seeded data: the dashboard, transactions, saved customers, subscriptions and terminals. Left out:
// every staff page, enrollment and onboarding (they create applications and send e-mail), user,
// role and location administration and Mimic (they act on other people), and statements and billing
// (bank details and money owed).
const menuEntryDefinitions = [
  {
    title: 'Certification',
    path: '/certification-page',
    roles: CLIENT_ROLES,
    permissions: [Permission.Permissions],
    visibility: 'certification',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Home',
    path: '/home',
    roles: CLIENT_ROLES,
    permissions: [],
    visibility: 'none',
    isInProcessorAuditMenu: true,
    isInDemoMenu: true,
  },
  {
    title: 'Create Enrollment',
    path: '/enroll-portal-page',
    roles: CLIENT_ROLES,
    permissions: [Permission.Permissions],
    visibility: 'parentMembersAndInternalStaff',
    isInProcessorAuditMenu: true,
    isInDemoMenu: false,
  },
  {
    title: 'Mimic',
    path: '/mimic',
    roles: ['admin', 'alpha', 'parent'],
    permissions: [Permission.Permissions],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Monthly Billing',
    path: '/monthly-billing',
    roles: ['admin'],
    permissions: [],
    visibility: 'internalStaffOnly',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Onboarding',
    path: '/onboarding',
    roles: ['admin', 'user'],
    permissions: [],
    visibility: 'parentMembersAndInternalStaff',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Admin Accounts',
    path: '/accounts',
    roles: ['admin', 'healnow'],
    permissions: [],
    visibility: 'internalStaffOnly',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Accounts',
    path: '/merchants',
    roles: MERCHANT_ROLES,
    permissions: [Permission.MerchantAccounts],
    visibility: 'none',
    isInProcessorAuditMenu: true,
    isInDemoMenu: false,
  },
  {
    title: 'Reporting',
    path: '/reporting',
    roles: ['admin', 'user', 'parent'],
    permissions: [Permission.Reports],
    visibility: 'none',
    isInProcessorAuditMenu: true,
    isInDemoMenu: true,
  },
  {
    title: 'Admin Reporting',
    path: '/admin-reporting',
    roles: ['admin'],
    permissions: [Permission.Reports],
    visibility: 'internalStaffOnly',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Costing',
    path: '/costing',
    roles: ['admin'],
    permissions: [Permission.Reports],
    visibility: 'internalStaffOnly',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Statements',
    path: '/payouts',
    roles: MERCHANT_ROLES,
    permissions: [Permission.Payouts],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Billing',
    path: '/billing',
    roles: MERCHANT_ROLES,
    permissions: [Permission.Payouts],
    visibility: 'internalAndPartnerStaff',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  // Not in the product's table: cardholder disputes of the merchants' card sales, answered with
  // evidence before the respond-by date; for the roles and grants of Statements.
  {
    title: 'Disputes',
    path: '/disputes',
    roles: MERCHANT_ROLES,
    permissions: [Permission.Disputes],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Recurring Charges',
    path: '/report/recurring',
    roles: ['user', 'admin', 'parent'],
    permissions: [Permission.RecurringCharges],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: true,
  },
  {
    title: 'Vault',
    path: '/vault',
    roles: ['admin', 'user', 'parent'],
    permissions: [Permission.Vault],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: true,
  },
  {
    title: 'Permissions',
    path: '/permissions',
    roles: ['admin', 'alpha'],
    permissions: [Permission.Permissions],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
    isOpenToEveryGrantee: true,
  },
  {
    title: 'Sublocations',
    path: '/sublocations',
    roles: ['admin', 'alpha'],
    permissions: [Permission.Permissions],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
    isOpenToEveryGrantee: true,
  },
  {
    title: 'Users',
    path: '/users',
    roles: ['user', 'admin', 'parent', 'healnow'],
    permissions: [Permission.Users],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Terminals',
    path: '/terminals',
    roles: ['user', 'admin', 'parent'],
    permissions: [Permission.TerminalAdmin],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: true,
  },
  {
    title: 'Risk Dashboard',
    path: '/risk',
    roles: ['admin'],
    permissions: [],
    visibility: 'none',
    isInProcessorAuditMenu: true,
    isInDemoMenu: false,
  },
  {
    title: 'Rev Share',
    path: '/rev-share',
    roles: ['admin'],
    permissions: [],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  // Not in the product's table: the provider's staff pages, which would otherwise open only by typing
  // their address.
  {
    title: 'Audit Log',
    path: '/audit',
    roles: ['admin'],
    permissions: [],
    visibility: 'internalStaffOnly',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Operations',
    path: '/operations',
    roles: ['admin', 'healnow'],
    permissions: [],
    visibility: 'internalAndPartnerStaff',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Key Entry',
    path: '/key-entry',
    roles: ['admin'],
    permissions: [],
    visibility: 'internalStaffOnly',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Revenue Sharing Admin',
    path: '/revshareadmin',
    roles: ['admin'],
    permissions: [],
    visibility: 'internalStaffOnly',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  {
    title: 'Jobs',
    path: '/jobs',
    roles: ['admin'],
    permissions: [],
    visibility: 'internalStaffOnly',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
  // Portico's own: webhook endpoints and their delivery log, for owners, parents and staff holding
  // the Developers permission on a merchant.
  {
    title: 'Developers',
    path: '/developers',
    roles: MERCHANT_ROLES,
    permissions: [Permission.Developers],
    visibility: 'none',
    isInProcessorAuditMenu: false,
    isInDemoMenu: false,
  },
] as const satisfies readonly (MenuEntryRule & { path: string })[];

export type MenuTitle = (typeof menuEntryDefinitions)[number]['title'];
export type MenuPath = (typeof menuEntryDefinitions)[number]['path'];
export type MenuEntry = MenuEntryRule & { title: MenuTitle; path: MenuPath };

// The menu table, in the product's order (the sidebar order).
export const menuEntries: readonly MenuEntry[] = menuEntryDefinitions;

export type PermissionsLoadState = 'loading' | 'loaded' | 'failed';

export type MenuFilterInput = {
  user: MenuUser | null;
  permissionsState: PermissionsLoadState;
  providerDomain: string;
  partnerDomains: readonly string[];
  isViewingAs: boolean;
};

// Step 1, while permissions load: entries that need no permission and allow the user role, Home excepted.
export function menuWhilePermissionsLoad<Entry extends MenuEntryRule>(entries: readonly Entry[]): Entry[] {
  return entries.filter(
    (entry) => entry.permissions.length === 0 && entry.roles.includes('user') && entry.title !== 'Home',
  );
}

// Step 2, processor-audit and demo users: these menus replace the per-entry tests entirely.
export function processorAuditMenu<Entry extends MenuEntryRule>(entries: readonly Entry[]): Entry[] {
  return entries.filter((entry) => entry.isInProcessorAuditMenu);
}

export function demoMenu<Entry extends MenuEntryRule>(entries: readonly Entry[]): Entry[] {
  return entries.filter((entry) => entry.isInDemoMenu);
}

type MenuEntryTestContext = {
  user: MenuUser;
  actingRole: UserType;
  grantedPermissions: ReadonlySet<PermissionName>;
  isRbacEnabled: boolean;
  providerDomain: string;
  partnerDomains: readonly string[];
};

export function doesUserPassMenuVisibilityRule(
  rule: MenuVisibilityRule,
  context: Pick<MenuEntryTestContext, 'user' | 'actingRole' | 'providerDomain' | 'partnerDomains'>,
): boolean {
  const { user, providerDomain, partnerDomains } = context;
  switch (rule) {
    case 'none':
      return true;
    case 'certification':
      return user.account.default_client?.is_in_certification === true;
    case 'parentMembersOnly':
      return user.is_parent_member;
    case 'parentMembersAndInternalStaff':
      return (
        user.is_parent_member ||
        (context.actingRole === 'admin' && isInternalStaffEmail(user.email, providerDomain))
      );
    case 'internalStaffOnly':
      return isInternalStaffEmail(user.email, providerDomain);
    case 'internalAndPartnerStaff':
      return isInternalOrPartnerStaffEmail(user.email, providerDomain, partnerDomains);
  }
}

// Step 3, each entry tested. The visibility rule is a gate every entry passes first, so "always shows" can never
// open an internal-only entry. Under RBAC an entry that names no permission falls back to its roles:
// read literally, "any of its permissions" would hide Home from every RBAC merchant.
export function isMenuEntryVisibleToUser(entry: MenuEntryRule, context: MenuEntryTestContext): boolean {
  if (!doesUserPassMenuVisibilityRule(entry.visibility, context)) return false;
  if (entry.roles.length === 0 && entry.permissions.length === 0) return true;
  if (context.isRbacEnabled && entry.permissions.length > 0) {
    const isGranted = entry.permissions.some((permission) => context.grantedPermissions.has(permission));
    return isGranted && (entry.isOpenToEveryGrantee === true || entry.roles.includes(context.actingRole));
  }
  return entry.roles.includes(context.actingRole);
}

// Step 4, the merchant's skipped_menu_titles: exact titles, as the merchant configured them.
export function withoutMerchantSkippedMenuTitles<Entry extends MenuEntryRule>(
  entries: readonly Entry[],
  skippedMenuTitles: readonly string[],
): Entry[] {
  const skipped = new Set(skippedMenuTitles);
  return entries.filter((entry) => !skipped.has(entry.title));
}

// Menu filtering, steps 1 to 4 in order, over any entry list (tests pass their own).
export function filterMenuEntries<Entry extends MenuEntryRule>(
  input: MenuFilterInput,
  entries: readonly Entry[],
): Entry[] {
  const { user } = input;
  if (user === null) return menuWhilePermissionsLoad(entries);

  const skippedMenuTitles =
    user.account.default_client?.merchant.configuration.customizations.skipped_menu_titles ?? [];
  if (input.permissionsState === 'loading') {
    return withoutMerchantSkippedMenuTitles(menuWhilePermissionsLoad(entries), skippedMenuTitles);
  }
  // A failed permissions load does not hold the menu back: these rules read only the user, and the
  // server checks every call anyway. An auditor also flagged demo gets the audit menu (listed first).
  if (user.processor_audit_user) {
    return withoutMerchantSkippedMenuTitles(processorAuditMenu(entries), skippedMenuTitles);
  }
  if (user.is_demo_user) return withoutMerchantSkippedMenuTitles(demoMenu(entries), skippedMenuTitles);

  const context: MenuEntryTestContext = {
    user,
    actingRole: actingRole(user, input.isViewingAs),
    grantedPermissions: grantedPermissionUnion(user),
    isRbacEnabled: isRbacEnabledOnDefaultMerchant(user),
    providerDomain: input.providerDomain,
    partnerDomains: input.partnerDomains,
  };
  const visibleEntries = entries.filter((entry) => isMenuEntryVisibleToUser(entry, context));
  return withoutMerchantSkippedMenuTitles(visibleEntries, skippedMenuTitles);
}

export function filterMenu(input: MenuFilterInput): MenuEntry[] {
  return filterMenuEntries(input, menuEntries);
}

// Whether a path is the entry's page or one of its children ('/reporting/classic' of '/reporting').
export function isPathOfMenuEntry(entry: Pick<MenuEntry, 'path'>, path: string): boolean {
  return path === entry.path || path.startsWith(`${entry.path}/`);
}

// No dead ends: a page the menu lists opens, whatever the route's roles say (a
// user granted Permissions opens Permissions and Sublocations as alpha does).
export function isShownInMenu(menu: readonly MenuEntry[], routePath: string): boolean {
  return menu.some((entry) => isPathOfMenuEntry(entry, routePath));
}

// Where a signed-in user lands when Home is not theirs to open (the alpha role administers
// permissions and locations only): the first other page of their menu; null when there is none.
export function landingPathInsteadOfHome(menu: readonly MenuEntry[]): MenuPath | null {
  return menu.find((entry) => entry.path !== '/home')?.path ?? null;
}
