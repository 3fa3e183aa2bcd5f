import { describe, expect, it } from 'vitest';
import { userTypes } from '../auth/roles';
import { filterMenu, filterMenuEntries, type MenuEntryRule, type MenuFilterInput, menuEntries } from './menu';
import { Permission, permissionNames } from './permission-names';
import { decideRouteAccess, findPortalRouteForPathname } from './routes';
import type { MenuUser } from './session-user';
import {
  buildMembership,
  buildSessionUser,
  type SessionUserFactoryOptions,
  sampleIds,
} from './session-user.factory';

const providerDomain = 'portico.example';
const partnerDomains = ['healnow.example', 'healnow-partners.example'];

function visibleTitles(
  user: MenuUser | null,
  overrides: Partial<Omit<MenuFilterInput, 'user'>> = {},
): string[] {
  return filterMenu({
    user,
    permissionsState: 'loaded',
    providerDomain,
    partnerDomains,
    isViewingAs: false,
    ...overrides,
  }).map((entry) => entry.title);
}

function user(options: SessionUserFactoryOptions): MenuUser {
  return buildSessionUser(options);
}

describe('menuEntries', () => {
  // The sidebar menu table, row by row: title, path, roles, extra permission, visibility rule.
  const specTable = [
    ['Certification', '/certification-page', 'admin,user,parent,healnow', 'Permissions', 'certification'],
    ['Home', '/home', 'admin,user,parent,healnow', '', 'none'],
    [
      'Create Enrollment',
      '/enroll-portal-page',
      'admin,user,parent,healnow',
      'Permissions',
      'parentMembersAndInternalStaff',
    ],
    ['Mimic', '/mimic', 'admin,alpha,parent', 'Permissions', 'none'],
    ['Monthly Billing', '/monthly-billing', 'admin', '', 'internalStaffOnly'],
    ['Onboarding', '/onboarding', 'admin,user', '', 'parentMembersAndInternalStaff'],
    ['Admin Accounts', '/accounts', 'admin,healnow', '', 'internalStaffOnly'],
    ['Accounts', '/merchants', 'admin,parent,user', 'Merchant Accounts', 'none'],
    ['Reporting', '/reporting', 'admin,user,parent', 'Reports', 'none'],
    ['Admin Reporting', '/admin-reporting', 'admin', 'Reports', 'internalStaffOnly'],
    ['Costing', '/costing', 'admin', 'Reports', 'internalStaffOnly'],
    ['Statements', '/payouts', 'admin,parent,user', 'Payouts', 'none'],
    ['Billing', '/billing', 'admin,parent,user', 'Payouts', 'internalAndPartnerStaff'],
    // Cardholder disputes, after the product's Statements and Billing.
    ['Disputes', '/disputes', 'admin,parent,user', 'Disputes', 'none'],
    ['Recurring Charges', '/report/recurring', 'user,admin,parent', 'Recurring Charges', 'none'],
    ['Vault', '/vault', 'admin,user,parent', 'Vault', 'none'],
    ['Permissions', '/permissions', 'admin,alpha', 'Permissions', 'none'],
    ['Sublocations', '/sublocations', 'admin,alpha', 'Permissions', 'none'],
    ['Users', '/users', 'user,admin,parent,healnow', 'Users', 'none'],
    ['Terminals', '/terminals', 'user,admin,parent', 'Terminal Admin', 'none'],
    ['Risk Dashboard', '/risk', 'admin', '', 'none'],
    ['Rev Share', '/rev-share', 'admin', '', 'none'],
    // The provider's staff pages, after the product's rows.
    ['Audit Log', '/audit', 'admin', '', 'internalStaffOnly'],
    ['Operations', '/operations', 'admin,healnow', '', 'internalAndPartnerStaff'],
    ['Key Entry', '/key-entry', 'admin', '', 'internalStaffOnly'],
    ['Revenue Sharing Admin', '/revshareadmin', 'admin', '', 'internalStaffOnly'],
    ['Jobs', '/jobs', 'admin', '', 'internalStaffOnly'],
    // Portico's own page for integrators.
    ['Developers', '/developers', 'admin,parent,user', 'Developers', 'none'],
  ];

  it("are the 21 rows of the sidebar menu table, in order, then the provider's staff pages", () => {
    expect(
      menuEntries.map((entry) => [
        entry.title,
        entry.path,
        entry.roles.join(','),
        entry.permissions.join(','),
        entry.visibility,
      ]),
    ).toEqual(specTable);
  });

  it('flag exactly the five audit items of the sidebar menu table', () => {
    expect(menuEntries.filter((entry) => entry.isInProcessorAuditMenu).map((entry) => entry.title)).toEqual([
      'Home',
      'Create Enrollment',
      'Accounts',
      'Reporting',
      'Risk Dashboard',
    ]);
  });

  it('flag the demo menu', () => {
    expect(menuEntries.filter((entry) => entry.isInDemoMenu).map((entry) => entry.title)).toEqual([
      'Home',
      'Reporting',
      'Recurring Charges',
      'Vault',
      'Terminals',
    ]);
  });

  it.each(menuEntries.map((entry) => [entry.title, entry.path]))('%s links to a route (%s)', (_t, path) => {
    expect(findPortalRouteForPathname(path)?.path).toBe(path);
  });
});

// The lists a plain merchant user ('user', RBAC off, merchant e-mail) sees: the reference rows.
const merchantUserMenu = [
  'Home',
  'Accounts',
  'Reporting',
  'Statements',
  'Disputes',
  'Recurring Charges',
  'Vault',
  'Users',
  'Terminals',
  'Developers',
];
const adminOutsideProviderDomainMenu = [
  'Home',
  'Mimic',
  'Accounts',
  'Reporting',
  'Statements',
  'Disputes',
  'Recurring Charges',
  'Vault',
  'Permissions',
  'Sublocations',
  'Users',
  'Terminals',
  'Risk Dashboard',
  'Rev Share',
  'Developers',
];
const internalAdminMenu = [
  'Home',
  'Create Enrollment',
  'Mimic',
  'Monthly Billing',
  'Onboarding',
  'Admin Accounts',
  'Accounts',
  'Reporting',
  'Admin Reporting',
  'Costing',
  'Statements',
  'Billing',
  'Disputes',
  'Recurring Charges',
  'Vault',
  'Permissions',
  'Sublocations',
  'Users',
  'Terminals',
  'Risk Dashboard',
  'Rev Share',
  'Audit Log',
  'Operations',
  'Key Entry',
  'Revenue Sharing Admin',
  'Jobs',
  'Developers',
];
const parentMenu = [
  'Home',
  'Mimic',
  'Accounts',
  'Reporting',
  'Statements',
  'Disputes',
  'Recurring Charges',
  'Vault',
  'Users',
  'Terminals',
  'Developers',
];
const parentAtPartnerDomainMenu = [
  'Home',
  'Mimic',
  'Accounts',
  'Reporting',
  'Statements',
  'Billing',
  'Disputes',
  'Recurring Charges',
  'Vault',
  'Users',
  'Terminals',
  'Developers',
];

// No dead ends. Where the product's menu and route tables disagree, the route follows
// the menu (the server scopes what each caller sees; docs/decisions/0018-menu-without-dead-ends.md), so every role an entry is
// shown to may open its page.
describe('menu and route table agree', () => {
  // Under RBAC the grants decide: an entry shown to a role that its route refuses must be
  // one whose page asks the server for the grant only.
  it.each(
    userTypes.map((role) => [role] as const),
  )('an RBAC %s granted every permission opens every entry it is shown', (role) => {
    const shown = filterMenu({
      user: user({
        user_type: role,
        rbac_enabled: true,
        memberships: [buildMembership(sampleIds.merchantA, [...permissionNames])],
      }),
      permissionsState: 'loaded',
      providerDomain: 'portico.example',
      partnerDomains: [],
      isViewingAs: false,
    });
    const refused = shown.filter((entry) => {
      const route = findPortalRouteForPathname(entry.path);
      return (
        route === undefined ||
        (decideRouteAccess(route.access, role) !== 'allow' && !entry.isOpenToEveryGrantee)
      );
    });
    expect(refused.map((entry) => entry.title)).toEqual([]);
  });

  it.each(
    menuEntries.map((entry) => [entry.title, entry] as const),
  )('%s opens for every role it is shown to', (_, entry) => {
    const route = findPortalRouteForPathname(entry.path);
    expect(route).toBeDefined();
    const refused = entry.roles.filter(
      (role) => route !== undefined && decideRouteAccess(route.access, role) !== 'allow',
    );
    expect(refused).toEqual([]);
  });
});

describe('filterMenu step 1: while permissions load, or without a user', () => {
  it.each<[string, MenuUser | null, MenuFilterInput['permissionsState'], string[]]>([
    // Only Onboarding needs no permission and allows the user role once Home is excepted.
    ['no user, permissions loaded', null, 'loaded', ['Onboarding']],
    ['no user, permissions loading', null, 'loading', ['Onboarding']],
    [
      'internal admin, permissions loading',
      user({ user_type: 'admin', email: 'a@portico.example' }),
      'loading',
      ['Onboarding'],
    ],
    ['audit user, permissions loading', user({ processor_audit_user: true }), 'loading', ['Onboarding']],
    ['merchant whose setting hides Onboarding', user({ skipped_menu_titles: ['Onboarding'] }), 'loading', []],
  ])('%s -> %j', (_case, menuUser, permissionsState, expected) => {
    expect(visibleTitles(menuUser, { permissionsState })).toEqual(expected);
  });

  it('a failed permissions load does not hold the menu back', () => {
    expect(visibleTitles(user({}), { permissionsState: 'failed' })).toEqual(merchantUserMenu);
  });
});

describe('filterMenu step 2: audit and demo menus', () => {
  const auditMenu = ['Home', 'Create Enrollment', 'Accounts', 'Reporting', 'Risk Dashboard'];
  const demoMenu = ['Home', 'Reporting', 'Recurring Charges', 'Vault', 'Terminals'];

  it.each<[string, SessionUserFactoryOptions, string[]]>([
    // A merchant user with RBAC on and nothing granted: no role, permission or membership test applies.
    ['processor-audit merchant user', { processor_audit_user: true, rbac_enabled: true }, auditMenu],
    [
      'processor-audit admin at the provider',
      { processor_audit_user: true, user_type: 'admin', email: 'a@portico.example' },
      auditMenu,
    ],
    ['processor-audit and demo', { processor_audit_user: true, is_demo_user: true }, auditMenu],
    ['demo merchant user with RBAC on', { is_demo_user: true, rbac_enabled: true }, demoMenu],
    ['demo alpha user', { is_demo_user: true, user_type: 'alpha' }, demoMenu],
    [
      'processor-audit, merchant hides Risk Dashboard',
      { processor_audit_user: true, skipped_menu_titles: ['Risk Dashboard'] },
      ['Home', 'Create Enrollment', 'Accounts', 'Reporting'],
    ],
    [
      'demo, merchant hides Vault',
      { is_demo_user: true, skipped_menu_titles: ['Vault'] },
      ['Home', 'Reporting', 'Recurring Charges', 'Terminals'],
    ],
  ])('%s', (_case, options, expected) => {
    expect(visibleTitles(user(options))).toEqual(expected);
  });
});

describe('filterMenu step 3: internal-only and partner items by e-mail domain', () => {
  it.each<[string, string, string[]]>([
    ['provider domain', 'admin@portico.example', internalAdminMenu],
    ['provider domain, upper case', 'ADMIN@Portico.Example', internalAdminMenu],
    [
      'provider domain as a prefix of another host',
      'admin@portico.example.evil.com',
      adminOutsideProviderDomainMenu,
    ],
    ['a subdomain of the provider domain', 'admin@mail.portico.example', adminOutsideProviderDomainMenu],
    [
      'a second @ after the provider domain',
      'admin@portico.example@evil.com',
      adminOutsideProviderDomainMenu,
    ],
    ['a look-alike domain', 'admin@portico-example.com', adminOutsideProviderDomainMenu],
    // Partner domains open Billing only, never the internal-only items.
    [
      'partner domain',
      'admin@healnow.example',
      [
        ...adminOutsideProviderDomainMenu.slice(0, 5),
        'Billing',
        ...adminOutsideProviderDomainMenu.slice(5, -1),
        'Operations',
        'Developers',
      ],
    ],
  ])('admin at %s', (_case, email, expected) => {
    expect(visibleTitles(user({ user_type: 'admin', email }))).toEqual(expected);
  });

  it.each<[string, string, string[]]>([
    ['first partner domain', 'ops@healnow.example', parentAtPartnerDomainMenu],
    ['second partner domain', 'ops@HEALNOW-PARTNERS.EXAMPLE', parentAtPartnerDomainMenu],
    ['provider domain', 'ops@portico.example', parentAtPartnerDomainMenu],
    ['partner domain as a prefix', 'ops@healnow.example.evil.com', parentMenu],
    ['partner subdomain', 'ops@eu.healnow.example', parentMenu],
    ['own company domain', 'ops@harborpayments.example', parentMenu],
  ])('parent at %s', (_case, email, expected) => {
    expect(visibleTitles(user({ user_type: 'parent', email }))).toEqual(expected);
  });

  it('with no partner domains configured, a partner address is a plain parent', () => {
    expect(
      visibleTitles(user({ user_type: 'parent', email: 'ops@healnow.example' }), { partnerDomains: [] }),
    ).toEqual(parentMenu);
  });
});

describe('filterMenu step 3: parent membership and certification', () => {
  it.each<[string, SessionUserFactoryOptions, string[]]>([
    ['merchant user', {}, merchantUserMenu],
    [
      'merchant user who is a parent member',
      { is_parent_member: true },
      ['Home', 'Create Enrollment', 'Onboarding', ...merchantUserMenu.slice(1)],
    ],
    ['merchant user in certification', { is_in_certification: true }, ['Certification', ...merchantUserMenu]],
    ['merchant user without a default client', { hasDefaultClient: false }, merchantUserMenu],
    [
      'internal admin, parent member, in certification: every entry',
      {
        user_type: 'admin',
        email: 'admin@portico.example',
        is_parent_member: true,
        is_in_certification: true,
      },
      menuEntries.map((entry) => entry.title),
    ],
    // healnow is in no merchant roles; the internal-only Admin Accounts needs the provider domain.
    [
      'healnow at a partner domain',
      { user_type: 'healnow', email: 'ops@healnow.example' },
      ['Home', 'Users', 'Operations'],
    ],
    [
      'healnow at the provider domain',
      { user_type: 'healnow', email: 'ops@portico.example' },
      ['Home', 'Admin Accounts', 'Users', 'Operations'],
    ],
    ['alpha', { user_type: 'alpha' }, ['Mimic', 'Permissions', 'Sublocations']],
  ])('%s', (_case, options, expected) => {
    expect(visibleTitles(user(options))).toEqual(expected);
  });
});

describe('filterMenu step 3: RBAC', () => {
  const reportsOnA = buildMembership(sampleIds.merchantA, [Permission.Reports]);
  const vaultAndTerminalsOnB = buildMembership(
    sampleIds.merchantB,
    [Permission.Vault, Permission.TerminalAdmin],
    {
      roleId: sampleIds.roleB,
    },
  );

  it.each<[string, SessionUserFactoryOptions, string[]]>([
    ['grants on one membership', { memberships: [reportsOnA] }, ['Home', 'Reporting']],
    // The union over memberships: Reporting from A, Vault and Terminals from B.
    [
      'grants on two memberships',
      { memberships: [reportsOnA, vaultAndTerminalsOnB] },
      ['Home', 'Reporting', 'Vault', 'Terminals'],
    ],
    [
      'a membership whose role was deleted',
      { memberships: [buildMembership(sampleIds.merchantA, null)] },
      ['Home'],
    ],
    // Under RBAC the permission decides, not the role, and the pages open (isShownInMenu); Mimic
    // keeps its roles: a merchant's grants never let a role sign in as someone else.
    [
      'user role granted Permissions',
      { memberships: [buildMembership(sampleIds.merchantA, [Permission.Permissions])] },
      ['Home', 'Permissions', 'Sublocations'],
    ],
    [
      'alpha granted Permissions',
      { user_type: 'alpha', memberships: [buildMembership(sampleIds.merchantA, [Permission.Permissions])] },
      ['Mimic', 'Permissions', 'Sublocations'],
    ],
    // A grant shows an entry only to its roles: the server refuses alpha and healnow the reports.
    [
      'alpha granted Reports',
      { user_type: 'alpha', memberships: [buildMembership(sampleIds.merchantA, [Permission.Reports])] },
      [],
    ],
    [
      'partner staff granted Reports, Payouts and Merchant Accounts',
      {
        user_type: 'healnow',
        memberships: [
          buildMembership(sampleIds.merchantA, [
            Permission.Reports,
            Permission.Payouts,
            Permission.MerchantAccounts,
          ]),
        ],
      },
      ['Home'],
    ],
    [
      'internal admin with nothing granted keeps the entries that name no permission',
      { user_type: 'admin', email: 'admin@portico.example' },
      [
        'Home',
        'Monthly Billing',
        'Onboarding',
        'Admin Accounts',
        'Risk Dashboard',
        'Rev Share',
        'Audit Log',
        'Operations',
        'Key Entry',
        'Revenue Sharing Admin',
        'Jobs',
      ],
    ],
    [
      'parent member in certification granted Permissions, outside the provider domain',
      {
        is_parent_member: true,
        is_in_certification: true,
        memberships: [buildMembership(sampleIds.merchantA, ['Permissions'])],
      },
      ['Certification', 'Home', 'Create Enrollment', 'Onboarding', 'Permissions', 'Sublocations'],
    ],
    [
      'Payouts granted: Billing still needs a staff domain',
      { memberships: [buildMembership(sampleIds.merchantA, [Permission.Payouts])] },
      ['Home', 'Statements'],
    ],
    [
      'Developers granted: the webhooks page',
      { memberships: [buildMembership(sampleIds.merchantA, [Permission.Developers])] },
      ['Home', 'Developers'],
    ],
    [
      'alpha granted Developers: not a role the webhooks page serves',
      { user_type: 'alpha', memberships: [buildMembership(sampleIds.merchantA, [Permission.Developers])] },
      [],
    ],
    [
      'Disputes granted alone: the disputes without the statements',
      { memberships: [buildMembership(sampleIds.merchantA, [Permission.Disputes])] },
      ['Home', 'Disputes'],
    ],
  ])('%s', (_case, options, expected) => {
    expect(visibleTitles(user({ rbac_enabled: true, ...options }))).toEqual(expected);
  });

  it('with RBAC off, grants do not matter and roles decide', () => {
    expect(visibleTitles(user({ rbac_enabled: false, memberships: [reportsOnA] }))).toEqual(merchantUserMenu);
  });
});

describe('filterMenu step 3: entries with no roles and no permissions', () => {
  const entries: MenuEntryRule[] = [
    {
      title: 'Open',
      roles: [],
      permissions: [],
      visibility: 'none',
      isInProcessorAuditMenu: false,
      isInDemoMenu: false,
    },
    {
      title: 'Open but internal',
      roles: [],
      permissions: [],
      visibility: 'internalStaffOnly',
      isInProcessorAuditMenu: false,
      isInDemoMenu: false,
    },
    {
      title: 'Admin only',
      roles: ['admin'],
      permissions: [],
      visibility: 'none',
      isInProcessorAuditMenu: false,
      isInDemoMenu: false,
    },
  ];

  it.each([
    ['RBAC off', false],
    ['RBAC on', true],
  ])('always show, after the visibility rule (%s)', (_case, isRbacEnabled) => {
    const menu = filterMenuEntries(
      {
        user: user({ rbac_enabled: isRbacEnabled, email: 'dana@cornercoffee.example' }),
        permissionsState: 'loaded',
        providerDomain,
        partnerDomains,
        isViewingAs: false,
      },
      entries,
    );
    expect(menu.map((entry) => entry.title)).toEqual(['Open']);
  });
});

describe('filterMenu step 4: skipped_menu_titles', () => {
  it.each<[string, string[], string[]]>([
    [
      'hides the named entries',
      ['Vault', 'Users'],
      [
        'Home',
        'Accounts',
        'Reporting',
        'Statements',
        'Disputes',
        'Recurring Charges',
        'Terminals',
        'Developers',
      ],
    ],
    ['ignores names of no entry', ['No Such Page'], merchantUserMenu],
    ['matches titles exactly', ['vault', 'Users '], merchantUserMenu],
    ['can hide Home', ['Home'], merchantUserMenu.slice(1)],
  ])('%s', (_case, skipped, expected) => {
    expect(visibleTitles(user({ skipped_menu_titles: skipped }))).toEqual(expected);
  });
});

describe('filterMenu: viewing as another client', () => {
  it('an internal admin viewing as acts as user; the e-mail still opens Billing', () => {
    const admin = user({ user_type: 'admin', email: 'admin@portico.example' });
    expect(visibleTitles(admin, { isViewingAs: true })).toEqual([
      'Home',
      'Accounts',
      'Reporting',
      'Statements',
      'Billing',
      'Disputes',
      'Recurring Charges',
      'Vault',
      'Users',
      'Terminals',
      'Developers',
    ]);
  });

  it('an alpha user viewing as loses the alpha entries', () => {
    expect(visibleTitles(user({ user_type: 'alpha' }), { isViewingAs: true })).toEqual(merchantUserMenu);
  });
});
