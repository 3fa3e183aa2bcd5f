import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { type VirtualTerminalCustomField, virtualTerminalUrls } from '../../db/schema/terminals';

const apiKeyColumns = {
  id: clients.id,
  name: clients.name,
  parentId: clients.parentId,
  apiKey: clients.apiKey,
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

export async function findClientIdByPublicKey(executor: Executor, publicKey: string): Promise<string | null> {
  const [row] = await executor
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.publicKey, publicKey));
  return row?.id ?? null;
}

export async function isSecretApiKey(executor: Executor, key: string): Promise<boolean> {
  const [row] = await executor.select({ id: clients.id }).from(clients).where(eq(clients.apiKey, key));
  return row !== undefined;
}

const terminalColumns = {
  id: virtualTerminalUrls.id,
  name: virtualTerminalUrls.name,
  url: virtualTerminalUrls.url,
  isActive: virtualTerminalUrls.isActive,
  customFields: virtualTerminalUrls.customFields,
  urlId: virtualTerminalUrls.urlId,
};

// Oldest first, so the first active one is the merchant's original terminal (spec 2 §4 default).
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
