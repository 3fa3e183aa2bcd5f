import { demoAuthenticatorSecret } from '@portico/contracts/auth/demo-authenticator';
import { hmacSha1 } from '../../lib/crypto/hmac-sha1';
import type { BannerAccount } from '../../startup-banner';
import type { ClientKey } from './demo-catalog';

export type DemoRole = 'admin' | 'user' | 'parent' | 'healnow' | 'alpha';

// A sign-in account of the demo data set. The README and the start-up banner print email, role and
// description; the seed creates the user, its memberships and its role from the rest.
export type DemoAccount = {
  email: string;
  role: DemoRole;
  description: string;
  name: string;
  isProcessorAuditUser: boolean;
  isDemoUser: boolean;
  defaultClient: ClientKey;
  // Role names refer to the roles the seed creates on that client; null = member without a role.
  memberships: { client: ClientKey; role: string | null }[];
  // Sub-location names of the default client assigned to the user.
  subEntities: string[];
  // Comes with an authenticator app set up (its key by the demo rule). Without one, an account the
  // second-factor requirement covers would set one up at its first sign-in, as new users do.
  hasAuthenticator: boolean;
};

export type DemoDomains = { providerDomain: string; partnerDomains: readonly string[] };

type AccountInput = Pick<DemoAccount, 'email' | 'role' | 'description' | 'name' | 'defaultClient'> &
  Partial<
    Pick<
      DemoAccount,
      'isProcessorAuditUser' | 'isDemoUser' | 'memberships' | 'subEntities' | 'hasAuthenticator'
    >
  >;

function account(input: AccountInput): DemoAccount {
  return {
    isProcessorAuditUser: false,
    isDemoUser: false,
    memberships: [],
    subEntities: [],
    hasAuthenticator: true,
    ...input,
  };
}

export function demoAccounts({ providerDomain, partnerDomains }: DemoDomains): DemoAccount[] {
  const partnerDomain = partnerDomains[0] ?? `partner.${providerDomain}`;
  return [
    account({
      email: `admin@${providerDomain}`,
      role: 'admin',
      name: 'Alex Morgan',
      description: 'Internal administrator: every menu and every merchant',
      defaultClient: 'primary',
    }),
    account({
      email: `ops@${providerDomain}`,
      role: 'admin',
      name: 'Jordan Lee',
      description: 'Internal operations staff (admin)',
      defaultClient: 'primary',
    }),
    account({
      email: `audit@${providerDomain}`,
      role: 'admin',
      name: 'Riley Chen',
      description: 'Processor-audit user: Home, Create Enrollment, Accounts, Reporting and Risk only',
      defaultClient: 'primary',
      isProcessorAuditUser: true,
    }),
    account({
      email: `partner@${partnerDomain}`,
      role: 'healnow',
      name: 'Taylor Brooks',
      description: 'White-label partner staff of HealNow Health Payments',
      defaultClient: 'healnow',
      memberships: [{ client: 'healnow', role: 'Partner Admin' }],
    }),
    account({
      email: 'reseller@summitms.example',
      role: 'parent',
      name: 'Morgan Price',
      description: 'Reseller staff, member of the Summit Merchant Services parent account',
      defaultClient: 'summit',
      memberships: [{ client: 'summit', role: 'Partner Admin' }],
    }),
    account({
      email: 'agent@blueriverpay.example',
      role: 'parent',
      name: 'Dana Whitfield',
      description: 'Reseller agent without parent membership (member of two BlueRiver merchants)',
      defaultClient: 'magnolia-grill',
      memberships: [
        { client: 'magnolia-grill', role: 'Manager' },
        { client: 'bayou-bistro', role: null },
      ],
    }),
    account({
      email: 'owner@harborlanecoffee.example',
      role: 'user',
      name: 'Sam Rivera',
      description: 'Merchant owner on an RBAC-enabled merchant (every permission)',
      defaultClient: 'harbor-lane-coffee',
      memberships: [{ client: 'harbor-lane-coffee', role: 'Owner' }],
    }),
    account({
      email: 'barista@harborlanecoffee.example',
      role: 'user',
      name: 'Jamie Fox',
      description: 'Merchant cashier on an RBAC-enabled merchant (few permissions, one location)',
      defaultClient: 'harbor-lane-coffee',
      memberships: [{ client: 'harbor-lane-coffee', role: 'Cashier' }],
      subEntities: ['Pearl District'],
    }),
    account({
      email: 'alpha@harborlanecoffee.example',
      role: 'alpha',
      name: 'Chris Patel',
      description: 'Alpha: permissions and sub-location administration of an RBAC-enabled merchant',
      defaultClient: 'harbor-lane-coffee',
      memberships: [{ client: 'harbor-lane-coffee', role: 'Location Admin' }],
    }),
    account({
      email: 'owner@copperkettle.example',
      role: 'user',
      name: 'Pat Kowalski',
      description: 'Merchant owner on a merchant without RBAC (menu by role)',
      defaultClient: 'copper-kettle-bistro',
      memberships: [{ client: 'copper-kettle-bistro', role: 'Manager' }],
    }),
    account({
      email: 'frontdesk@harborviewdental.example',
      role: 'user',
      name: 'Lee Morales',
      description: 'Front desk of an RBAC-enabled healthcare merchant with patient data in the vault',
      defaultClient: 'harborview-family-dental',
      memberships: [{ client: 'harborview-family-dental', role: 'Front Desk' }],
      subEntities: ['Belltown Office'],
      // Registers a passkey of its own.
      hasAuthenticator: false,
    }),
    account({
      email: 'demo@northwindbox.example',
      role: 'user',
      name: 'Drew Demo',
      description: 'Demo user: the demo-only menu',
      defaultClient: 'northwind-subscription-box',
      memberships: [{ client: 'northwind-subscription-box', role: null }],
      isDemoUser: true,
    }),
    account({
      email: 'certify@orbitcommerce.example',
      role: 'user',
      name: 'Quinn Harper',
      description: 'Merchant in sandbox certification',
      defaultClient: 'orbit-commerce-labs',
      memberships: [{ client: 'orbit-commerce-labs', role: null }],
    }),
    account({
      email: 'crypto@ledgerlane.example',
      role: 'user',
      name: 'Rowan Ellis',
      description: 'Crypto-only merchant',
      defaultClient: 'ledger-lane-collectibles',
      memberships: [{ client: 'ledger-lane-collectibles', role: null }],
    }),
  ];
}

// How the start-up banner and the README list an account.
export function bannerAccountOf(account: DemoAccount): BannerAccount {
  return {
    email: account.email,
    role: account.isProcessorAuditUser
      ? `${account.role} (processor audit)`
      : account.isDemoUser
        ? `${account.role} (demo)`
        : account.role,
    description: account.description,
    authenticatorKey: account.hasAuthenticator ? demoAuthenticatorSecret(account.email, hmacSha1) : null,
  };
}
