import { Permission, type PermissionName } from '@portico/contracts/access/permission-names';
import { isRbacEnabledOnDefaultMerchant } from '@portico/contracts/access/permissions';
import type { SessionUser } from '@portico/contracts/access/session-user';
import type { MyClient } from '@portico/contracts/auth/my-clients';
import { DashboardLabel } from '@portico/contracts/transactions/texts';
import type { ApiKeyRecord } from '@portico/contracts/virtual-terminals/api-keys';

// A merchant account of the virtual terminal tools. publishableKey is the terminal page's key
// (addresses carry the publishable key only), from GET /api/user/apikeys; null
// when the server gave none for this merchant (the caller may not open its terminal), and then the
// account cannot be opened.
export type TerminalAccount = {
  merchantId: string;
  name: string;
  publishableKey: string | null;
  canOpen: boolean;
  canConfigure: boolean;
};

type ParentOf = (clientId: string) => string | null;

// Merchant permissions as the server applies them: admin bypasses merchant permissions; with RBAC off roles alone
// decide; with RBAC on the membership on the merchant, else on its nearest parent, must grant it.
export function isPermissionGrantedOnMerchant(
  user: Pick<SessionUser, 'user_type' | 'account'>,
  merchantId: string,
  permission: PermissionName,
  parentOf: ParentOf,
): boolean {
  if (user.user_type === 'admin') return true;
  if (!isRbacEnabledOnDefaultMerchant(user)) return true;
  const visited = new Set<string>();
  let clientId: string | null = merchantId;
  while (clientId !== null && !visited.has(clientId)) {
    visited.add(clientId);
    const current = clientId;
    const governing = user.account.memberships.filter((membership) => membership.merchant.id === current);
    if (governing.length > 0) {
      return governing.some((membership) =>
        (membership.role?.granted_permissions ?? []).some((granted) => granted.name === permission),
      );
    }
    clientId = parentOf(current);
  }
  return false;
}

// The merchant accounts (not parents) of the user's merchant list, with what each allows.
export function terminalAccountsOf(
  user: Pick<SessionUser, 'user_type' | 'account'>,
  myClients: readonly MyClient[],
  apiKeys: readonly ApiKeyRecord[] = [],
): TerminalAccount[] {
  const publishableKeyOf = new Map(apiKeys.map((record) => [record.id, record.public_key]));
  const parents = new Map<string, string | null>();
  for (const client of [...user.account.hierarchy_list, ...myClients])
    parents.set(client.id, client.parent_id);
  const parentOf: ParentOf = (clientId) => parents.get(clientId) ?? null;
  return myClients
    .filter((client) => client.level === 'Merchant')
    .map((client) => ({
      merchantId: client.id,
      name: client.dba_name ?? client.name,
      publishableKey: publishableKeyOf.get(client.id) ?? null,
      canOpen: isPermissionGrantedOnMerchant(user, client.id, Permission.VirtualTerminal, parentOf),
      canConfigure:
        isPermissionGrantedOnMerchant(user, client.id, Permission.VirtualTerminal, parentOf) &&
        isPermissionGrantedOnMerchant(user, client.id, Permission.VirtualTerminalConfiguration, parentOf),
    }));
}

// The configure picker lists every account that may open a terminal; the others read
// '(Not Configurable)' and cannot be picked.
export function configureOptionLabel(account: TerminalAccount): string {
  return account.canConfigure ? account.name : `${account.name} ${DashboardLabel.NotConfigurable}`;
}

// With a terminal id (the terminalId query) the page opens that terminal.
export function virtualTerminalPath(account: TerminalAccount, terminalId?: string): string | null {
  if (account.publishableKey === null) return null;
  const path = `/virtual-terminal/${encodeURIComponent(account.publishableKey)}`;
  return terminalId === undefined ? path : `${path}?terminalId=${encodeURIComponent(terminalId)}`;
}

// With new=true the configurator creates a terminal.
export function configureTerminalPath(
  account: TerminalAccount,
  { isNew, terminalId }: { isNew: boolean; terminalId?: string },
): string | null {
  if (account.publishableKey === null || !account.canConfigure) return null;
  const path = `/configure-terminal/${encodeURIComponent(account.publishableKey)}`;
  if (isNew) return `${path}?new=true`;
  return terminalId === undefined ? path : `${path}?terminalId=${encodeURIComponent(terminalId)}`;
}
