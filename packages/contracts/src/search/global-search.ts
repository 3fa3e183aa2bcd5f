import { z } from 'zod';
import { Permission, type PermissionName } from '../access/permission-names';
import { type UserType, userTypes } from '../auth/roles';
import { successEnvelope } from '../common/envelope';
import { searchWindowOfDays } from '../transactions/search';
import { GlobalSearchText, globalSearchHitsPerKind, globalSearchMaxLength } from './global-search-text';

// The global search (Ctrl-K / Cmd-K and the header's search box): GET /api/search?q=, answered in
// groups by kind, each group holding only rows the caller may open on the page that shows them.

// The query: trimmed, 1–100 characters. An empty query is refused (400) rather than answered empty:
// the portal never asks one, so a caller that does has made a mistake worth naming.
export const globalSearchQuery = z.strictObject({
  q: z
    .string({ error: GlobalSearchText.Empty })
    .trim()
    .min(1, { error: GlobalSearchText.Empty })
    .max(globalSearchMaxLength, { error: GlobalSearchText.TooLong }),
});
export type GlobalSearchQuery = z.infer<typeof globalSearchQuery>;

// The server's kinds, in the order the groups show; pages are found in the browser from the menu.
export const globalSearchKinds = [
  'merchants',
  'transactions',
  'customers',
  'users',
  'enrollments',
  'payouts',
] as const;
export type GlobalSearchKind = (typeof globalSearchKinds)[number];
export const globalSearchKindSchema = z.enum(globalSearchKinds);

export const globalSearchGroupTitles: Record<GlobalSearchKind | 'pages', string> = {
  pages: 'Pages',
  merchants: 'Merchants',
  transactions: 'Transactions',
  customers: 'Customers',
  users: 'Users',
  enrollments: 'Enrollments',
  payouts: 'Payouts',
};

// One found row. title and detail are what people read (names and words; an identifier only when the
// caller typed it); the other fields only lead to the page.
export const globalSearchHitSchema = z.object({
  kind: globalSearchKindSchema,
  id: z.uuid(),
  title: z.string(),
  detail: z.string(),
  // The merchant the row belongs to (the transaction's, the customer's, the payout's); null otherwise.
  merchant_id: z.uuid().nullable(),
  // When it happened (a transaction, a payout's day at midnight UTC); shown in the user's zone.
  occurred_at: z.iso.datetime().nullable(),
  // What the page searches for to show the row (a vault customer's e-mail or name).
  page_search: z.string().nullable(),
});
export type GlobalSearchHit = z.infer<typeof globalSearchHitSchema>;

export const globalSearchGroupSchema = z.object({
  kind: globalSearchKindSchema,
  hits: z.array(globalSearchHitSchema).max(globalSearchHitsPerKind),
});
export type GlobalSearchGroup = z.infer<typeof globalSearchGroupSchema>;

export const globalSearchResponse = successEnvelope(z.object({ groups: z.array(globalSearchGroupSchema) }));
export type GlobalSearchResponse = z.infer<typeof globalSearchResponse>;

// Which page shows each kind: the roles its menu entry allows, the permission it needs, and whether a
// processor-audit user's reduced menu holds it. The server searches a kind only for callers that pass.
type KindRule = {
  roles: readonly UserType[];
  permission: PermissionName | null;
  isInProcessorAuditMenu: boolean;
};
export const globalSearchKindRules: Record<GlobalSearchKind, KindRule> = {
  // Accounts (/merchants) and Admin Accounts lead to the account page.
  merchants: {
    roles: ['admin', 'healnow', 'parent', 'user'],
    permission: Permission.MerchantAccounts,
    isInProcessorAuditMenu: true,
  },
  transactions: {
    roles: ['admin', 'parent', 'user'],
    permission: Permission.Reports,
    isInProcessorAuditMenu: true,
  },
  customers: {
    roles: ['admin', 'parent', 'user'],
    permission: Permission.Vault,
    isInProcessorAuditMenu: false,
  },
  users: {
    roles: ['admin', 'healnow', 'parent', 'user'],
    permission: Permission.Users,
    isInProcessorAuditMenu: false,
  },
  // The Onboarding grid's callers; the server narrows to the parents each reaches.
  enrollments: { roles: ['admin', 'healnow', 'user'], permission: null, isInProcessorAuditMenu: false },
  payouts: {
    roles: ['admin', 'parent', 'user'],
    permission: Permission.Payouts,
    isInProcessorAuditMenu: false,
  },
};

export function globalSearchKindsFor(caller: {
  actingRole: UserType;
  isProcessorAuditUser: boolean;
}): GlobalSearchKind[] {
  return globalSearchKinds.filter((kind) => {
    const rule = globalSearchKindRules[kind];
    if (caller.isProcessorAuditUser && !rule.isInProcessorAuditMenu) return false;
    return rule.roles.includes(caller.actingRole);
  });
}

// How the caller's text is read: a whole id, the last 4 digits with an amount ("1117 24.50"), four
// digits alone, an amount alone, or words (prefixes of names and e-mails).
export type GlobalSearchTerms = {
  text: string;
  lowered: string;
  uuid: string | null;
  last4: string | null;
  amountCents: number | null;
  isFourDigits: boolean;
};

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const last4WithAmount = /^(\d{4})\s+\$?(\d{1,9})(?:\.(\d{1,2}))?$/;
const amountOnly = /^\$?(\d{1,9})(?:\.(\d{1,2}))?$/;

function centsOf(whole: string, fraction: string | undefined): number {
  return Number(whole) * 100 + Number((fraction ?? '').padEnd(2, '0'));
}

export function globalSearchTermsOf(query: string): GlobalSearchTerms {
  const text = query.trim();
  const withAmount = last4WithAmount.exec(text);
  const amount = amountOnly.exec(text);
  return {
    text,
    lowered: text.toLowerCase(),
    uuid: uuidText.test(text) ? text.toLowerCase() : null,
    last4: withAmount?.[1] ?? null,
    amountCents: withAmount
      ? centsOf(withAmount[2] ?? '0', withAmount[3])
      : amount
        ? centsOf(amount[1] ?? '0', amount[2])
        : null,
    isFourDigits: /^\d{4}$/.test(text),
  };
}

// Where a hit opens in the portal (paths under the portal's base path).
export function globalSearchHitPath(hit: GlobalSearchHit): string {
  switch (hit.kind) {
    case 'merchants':
      return `/account/${hit.id}`;
    case 'transactions': {
      // The transaction search, narrowed to the transaction on its own day (UTC, as the search reads).
      const day = (hit.occurred_at ?? new Date().toISOString()).slice(0, 10);
      const criteria = {
        ...searchWindowOfDays(day, day),
        ...(hit.merchant_id === null ? {} : { merchant_id: hit.merchant_id }),
        transaction_id: hit.id,
      };
      return `/reporting/search?${new URLSearchParams({ q: JSON.stringify(criteria) })}`;
    }
    case 'customers': {
      const params = new URLSearchParams();
      if (hit.merchant_id !== null) params.set('merchant', hit.merchant_id);
      if (hit.page_search !== null) params.set('search', hit.page_search);
      return `/vault?${params}`;
    }
    case 'users':
      // The Users page searching for the user (staff's across all merchants).
      return hit.page_search === null
        ? '/users'
        : `/users?${new URLSearchParams({ search: hit.page_search })}`;
    case 'enrollments':
      return `/onboard/${hit.id}`;
    case 'payouts':
      return '/payouts';
  }
}

// Roles the shared list knows, for tests that walk them.
export const globalSearchRoles = userTypes;
