import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { virtualTerminalUrls } from '../../db/schema/terminals';

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

export async function findClientIdByApiKey(executor: Executor, apiKey: string): Promise<string | null> {
  const [row] = await executor.select({ id: clients.id }).from(clients).where(eq(clients.apiKey, apiKey));
  return row?.id ?? null;
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
