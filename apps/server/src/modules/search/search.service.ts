import { Permission, type PermissionName } from '@portico/contracts/access/permission-names';
import {
  type GlobalSearchGroup,
  type GlobalSearchKind,
  globalSearchKindRules,
  globalSearchKindsFor,
  globalSearchTermsOf,
} from '@portico/contracts/search/global-search';
import type { Caller } from '../../access/caller';
import {
  canReachEveryMerchant,
  clientPermissionsOf,
  findHolderClientAccessFacts,
} from '../../access/merchant-scope';
import { type ReportScope, resolveReportScopes } from '../../access/report-access';
import type { Db } from '../../db/client';
import { assignableParents } from '../enrollment/enrollment.service';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import {
  type ClientScope,
  searchCustomers,
  searchEnrollments,
  searchMerchants,
  searchPayouts,
  searchTransactions,
  searchUsers,
  type UserClients,
} from './search.repository';
import {
  customerHit,
  customerSearchOf,
  enrollmentHit,
  merchantHit,
  merchantSearchOf,
  payoutHit,
  transactionHit,
  transactionSearchOf,
  userHit,
} from './search.rules';

function clientsOf(scope: ReportScope | undefined): ClientScope {
  if (scope === undefined) return [];
  return scope.kind === 'all' ? 'all' : scope.clientIds;
}

// The merchants whose users the caller's Users page lists: staff (not viewing as a client) every
// merchant's; everyone else every merchant they act for where they hold Users.
async function usersPageClients(db: Db, caller: Caller): Promise<UserClients> {
  const session = caller.session;
  if (canReachEveryMerchant(session.role) && caller.viewAsClientId === null) return 'all';
  const reachable = await listMerchantsUserCanActFor(db, session, caller.viewAsClientId);
  const facts = await findHolderClientAccessFacts(db, session, { ids: reachable.map((client) => client.id) });
  return {
    clientIds: facts
      .filter((fact) => clientPermissionsOf(session, fact)?.includes(Permission.Users) === true)
      .map((fact) => fact.clientId),
  };
}

// The parents whose applications the caller's Onboarding grid lists.
async function onboardingParentIds(db: Db, caller: Caller): Promise<ClientScope> {
  if (caller.viewAsClientId === null && canReachEveryMerchant(caller.actingRole)) return 'all';
  return (await assignableParents(db, caller)).map((parent) => parent.parent_id);
}

// GET /api/search: each kind the caller's pages show, within the rows those pages would show them
// (the report's merchant scope per permission, location limits on transactions, the Users and
// Onboarding pages' own scopes). Kinds with nothing found are left out.
export async function globalSearch(db: Db, caller: Caller, query: string): Promise<GlobalSearchGroup[]> {
  const terms = globalSearchTermsOf(query);
  const kinds = globalSearchKindsFor({
    actingRole: caller.actingRole,
    isProcessorAuditUser: caller.session.isProcessorAuditUser,
  });
  const permissions = [
    ...new Set(
      kinds
        .filter((kind) => kind !== 'users' && kind !== 'enrollments')
        .map((kind) => globalSearchKindRules[kind].permission)
        .filter((permission): permission is PermissionName => permission !== null),
    ),
  ];
  const scopes = await resolveReportScopes(db, caller, permissions);
  const scopeOf = (kind: GlobalSearchKind) => {
    const permission = globalSearchKindRules[kind].permission;
    return permission === null ? undefined : scopes.get(permission);
  };

  // The kinds are independent reads: on PostgreSQL they run side by side on the pool.
  const searches: Record<GlobalSearchKind, () => Promise<GlobalSearchGroup['hits']>> = {
    merchants: async () =>
      (await searchMerchants(db, clientsOf(scopeOf('merchants')), merchantSearchOf(terms))).map((row) =>
        merchantHit(row, terms),
      ),
    transactions: async () => {
      const scope = scopeOf('transactions');
      if (scope === undefined) return [];
      return (await searchTransactions(db, scope, transactionSearchOf(terms))).map(transactionHit);
    },
    customers: async () =>
      (await searchCustomers(db, clientsOf(scopeOf('customers')), customerSearchOf(terms))).map(customerHit),
    users: async () =>
      (await searchUsers(db, await usersPageClients(db, caller), terms.lowered)).map(userHit),
    enrollments: async () =>
      (await searchEnrollments(db, await onboardingParentIds(db, caller), terms.lowered)).map(enrollmentHit),
    // An amount alone: "1117 24.50" names a card payment, not a payout.
    payouts: async () =>
      terms.amountCents === null || terms.last4 !== null
        ? []
        : (await searchPayouts(db, clientsOf(scopeOf('payouts')), terms.amountCents)).map(payoutHit),
  };
  const found = await Promise.all(kinds.map(async (kind) => ({ kind, hits: await searches[kind]() })));
  const groups = found.filter((group) => group.hits.length > 0);
  return groups;
}
