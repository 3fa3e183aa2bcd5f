import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { clientChainCte } from '../../access/merchant-scope.repository';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { type VirtualTerminalCustomField, virtualTerminalUrls } from '../../db/schema/terminals';
import { queryRows } from '../../db/sql-rows';
import { findClientIdBySecretApiKey } from '../../lib/secret-api-key';

const apiKeyColumns = {
  id: clients.id,
  name: clients.name,
  parentId: clients.parentId,
  apiKeyLast4: clients.apiKeyLast4,
  publicKey: clients.publicKey,
};

// Merchant accounts only: parents carry keys too, but no virtual terminal of their own.
export async function listMerchantApiKeys(executor: Executor, ids: readonly string[] | 'all') {
  if (ids !== 'all' && ids.length === 0) return [];
  const isMerchant = eq(clients.level, 'Merchant');
  return executor
    .select(apiKeyColumns)
    .from(clients)
    .where(ids === 'all' ? isMerchant : and(isMerchant, inArray(clients.id, [...ids])))
    .orderBy(asc(clients.name), asc(clients.id));
}

// The sealed secret key of a merchant account; null: no such merchant, or one without a key.
export async function findMerchantSealedSecretKey(
  executor: Executor,
  clientId: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ sealed: clients.apiKeyEnc })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.level, 'Merchant')));
  return row?.sealed ?? null;
}

// The merchant whose secret key is rolled, locked until the roll commits; undefined: no such merchant.
export async function lockMerchantSecretKey(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({ id: clients.id, apiKeyHash: clients.apiKeyHash })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.level, 'Merchant')))
    .for('update');
  return row;
}

// The new key replaces the current one; the current one stays valid for graceDays days (its hash
// kept as the previous key's), or not at all. An earlier previous key ends here.
export async function replaceSecretKey(
  executor: Executor,
  clientId: string,
  sealed: Pick<typeof clients.$inferInsert, 'apiKeyEnc' | 'apiKeyHash' | 'apiKeyLast4'>,
  previous: { apiKeyHash: string; graceDays: number },
): Promise<Date | null> {
  const keepsPrevious = previous.graceDays > 0;
  const [row] = await executor
    .update(clients)
    .set({
      ...sealed,
      previousApiKeyHash: keepsPrevious ? previous.apiKeyHash : null,
      previousApiKeyExpiresAt: keepsPrevious
        ? sql`now() + make_interval(days => ${previous.graceDays})`
        : null,
    })
    .where(eq(clients.id, clientId))
    .returning({ previousExpiresAt: clients.previousApiKeyExpiresAt });
  return row?.previousExpiresAt ?? null;
}

export async function findClientIdByPublicKey(executor: Executor, publicKey: string): Promise<string | null> {
  const [row] = await executor
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.publicKey, publicKey));
  return row?.id ?? null;
}

export async function isSecretApiKey(executor: Executor, key: string): Promise<boolean> {
  return (await findClientIdBySecretApiKey(executor, key)) !== null;
}

const terminalColumns = {
  id: virtualTerminalUrls.id,
  name: virtualTerminalUrls.name,
  url: virtualTerminalUrls.url,
  isActive: virtualTerminalUrls.isActive,
  customFields: virtualTerminalUrls.customFields,
  urlId: virtualTerminalUrls.urlId,
};

// Oldest first, so the first active one is the merchant's original terminal: the one chosen when none is named.
export async function listVirtualTerminalUrls(executor: Executor, clientId: string) {
  return executor
    .select(terminalColumns)
    .from(virtualTerminalUrls)
    .where(eq(virtualTerminalUrls.clientId, clientId))
    .orderBy(asc(virtualTerminalUrls.createdAt), asc(virtualTerminalUrls.id));
}

export async function findVirtualTerminalUrl(executor: Executor, clientId: string, id: string) {
  const [row] = await executor
    .select(terminalColumns)
    .from(virtualTerminalUrls)
    .where(and(eq(virtualTerminalUrls.clientId, clientId), eq(virtualTerminalUrls.id, id)));
  return row;
}

type TerminalValues = {
  name: string;
  url: string;
  isActive: boolean;
  customFields: VirtualTerminalCustomField[];
};

export async function insertVirtualTerminalUrl(
  executor: Executor,
  values: TerminalValues & { clientId: string; urlId: string },
) {
  const [row] = await executor.insert(virtualTerminalUrls).values(values).returning(terminalColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateVirtualTerminalUrl(
  executor: Executor,
  clientId: string,
  id: string,
  values: TerminalValues,
) {
  const [row] = await executor
    .update(virtualTerminalUrls)
    .set(values)
    .where(and(eq(virtualTerminalUrls.clientId, clientId), eq(virtualTerminalUrls.id, id)))
    .returning(terminalColumns);
  return row;
}

export async function updateVirtualTerminalStatus(
  executor: Executor,
  clientId: string,
  id: string,
  isActive: boolean,
) {
  const [row] = await executor
    .update(virtualTerminalUrls)
    .set({ isActive })
    .where(and(eq(virtualTerminalUrls.clientId, clientId), eq(virtualTerminalUrls.id, id)))
    .returning(terminalColumns);
  return row;
}

// The custom-field access of the role that governs the user on the merchant: the role of
// the membership on the merchant itself, else on its nearest parent, as for its permissions. Raw
// jsonb (the caller parses it); null without a governing role. rbac_enabled: whether roles restrict.
export async function findGoverningFieldAccess(executor: Executor, userId: string, merchantId: string) {
  const rows = await queryRows(
    executor,
    sql`
      with recursive ${clientChainCte(merchantId)}
      select
        coalesce(
          (select (cc.customizations ->> 'rbac_enabled')::boolean from client_configs cc
            where cc.client_id = ${merchantId}),
          false
        ) as rbac_enabled,
        (select r.custom_field_access
          from chain
          join memberships m on m.client_id = chain.id and m.user_id = ${userId}
          left join roles r on r.id = m.role_id
          order by chain.depth
          limit 1) as access
    `,
  );
  const row = rows[0];
  return { rbacEnabled: row?.rbac_enabled === true, access: row?.access ?? null };
}
