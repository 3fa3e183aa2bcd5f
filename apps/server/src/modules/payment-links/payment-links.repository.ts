import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientConfigs, clients, whiteLabels } from '../../db/schema/clients';
import { terminals } from '../../db/schema/terminals';
import { secretApiKeyMatches } from '../../lib/secret-api-key';

// The merchant account whose secret key (a rolled one within its grace period included) or
// publishable key this is (parents carry keys but take no payments). isSecretKey: the key was
// the secret one.
export async function findMerchantByAnyKey(executor: Executor, key: string) {
  const isSecretKey = secretApiKeyMatches(key);
  const [row] = await executor
    .select({
      id: clients.id,
      name: clients.name,
      dbaName: clients.dbaName,
      parentId: clients.parentId,
      publicKey: clients.publicKey,
      isSecretKey: sql<boolean>`(${isSecretKey})`.mapWith(Boolean),
    })
    .from(clients)
    .where(and(eq(clients.level, 'Merchant'), or(isSecretKey, eq(clients.publicKey, key))));
  return row;
}

const linkMerchantColumns = {
  id: clients.id,
  name: clients.name,
  dbaName: clients.dbaName,
  parentId: clients.parentId,
  publicKey: clients.publicKey,
};

// A merchant account a signed-in caller makes links for (parents take no payments).
export async function findLinkMerchant(executor: Executor, clientId: string) {
  const [row] = await executor
    .select(linkMerchantColumns)
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.level, 'Merchant')));
  return row;
}

// The merchant accounts among the given ones ('all': every one), by name.
export async function listLinkMerchants(executor: Executor, clientIds: readonly string[] | 'all') {
  if (clientIds !== 'all' && clientIds.length === 0) return [];
  const isMerchant = eq(clients.level, 'Merchant');
  return executor
    .select(linkMerchantColumns)
    .from(clients)
    .where(clientIds === 'all' ? isMerchant : and(isMerchant, inArray(clients.id, [...clientIds])))
    .orderBy(asc(sql`coalesce(${clients.dbaName}, ${clients.name})`), asc(clients.id));
}

export async function findLinkConfiguration(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({
      payment: clientConfigs.payment,
      ach: clientConfigs.ach,
      crypto: clientConfigs.crypto,
      levelThreeDataEnabled: clientConfigs.levelThreeDataEnabled,
      terminals: clientConfigs.terminals,
    })
    .from(clientConfigs)
    .where(eq(clientConfigs.clientId, clientId));
  return row;
}

export async function findWhiteLabelLogo(executor: Executor, clientId: string): Promise<string | null> {
  const [row] = await executor
    .select({ logoUrl: whiteLabels.logoUrl })
    .from(whiteLabels)
    .where(eq(whiteLabels.clientId, clientId));
  return row?.logoUrl ?? null;
}

export async function listMerchantTerminals(executor: Executor, clientId: string) {
  return executor
    .select({
      id: terminals.id,
      name: terminals.name,
      laneId: terminals.laneId,
      isActive: terminals.isActive,
      tpn: terminals.tpn,
      registerId: terminals.registerId,
      sn: terminals.sn,
      terminalType: terminals.terminalType,
    })
    .from(terminals)
    .where(eq(terminals.clientId, clientId))
    .orderBy(asc(terminals.createdAt), asc(terminals.id));
}
