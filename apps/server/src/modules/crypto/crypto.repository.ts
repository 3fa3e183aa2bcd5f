import { forumPayEnabledState } from '@portico/contracts/crypto/crypto-status';
import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { clientConfigs, clients } from '../../db/schema/clients';

export type CryptoSettings = {
  provider: 'curpay' | 'forumpay' | null;
  forumPayState: string | null;
};

// A client without a configuration row has no crypto provider.
export async function findCryptoSettings(
  executor: Executor,
  clientId: string,
): Promise<CryptoSettings | null> {
  const [row] = await executor
    .select({
      provider: clientConfigs.crypto,
      forumPayState: clientConfigs.forumPayState,
    })
    .from(clients)
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(eq(clients.id, clientId));
  if (!row) return null;
  return { provider: row.provider ?? null, forumPayState: row.forumPayState ?? null };
}

// Locks the configuration row, so two opens of one link cannot both see KYC as outstanding.
export async function lockCryptoSettings(tx: Tx, clientId: string) {
  const [row] = await tx
    .select({ provider: clientConfigs.crypto, forumPayState: clientConfigs.forumPayState })
    .from(clientConfigs)
    .where(eq(clientConfigs.clientId, clientId))
    .for('update');
  return row ?? null;
}

export async function enableForumPay(tx: Tx, clientId: string): Promise<void> {
  await tx
    .update(clientConfigs)
    .set({ forumPayState: forumPayEnabledState })
    .where(eq(clientConfigs.clientId, clientId));
}
