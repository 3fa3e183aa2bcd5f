import type {
  EnablementProcessor,
  EnablementStatus,
} from '@portico/contracts/processor-enablement/processor-enablement';
import { enablementSubDomain } from '@portico/contracts/processor-enablement/processor-enablement';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientBankAccounts, clientConfigs, clientKeystore, clients } from '../../db/schema/clients';
import { notes } from '../../db/schema/notes';

// Locks the client row: enablements of one merchant run one after another, so two clicks of
// Enable cannot both board it.
export async function lockApplicant(tx: Executor, clientId: string) {
  const [client] = await tx
    .select({
      id: clients.id,
      level: clients.level,
      legalName: clients.legalName,
      taxIdLast4: clients.taxIdLast4,
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('update');
  if (!client) return undefined;
  const [keystore] = await tx.select().from(clientKeystore).where(eq(clientKeystore.clientId, clientId));
  const [config] = await tx
    .select({ crypto: clientConfigs.crypto, forumPayState: clientConfigs.forumPayState })
    .from(clientConfigs)
    .where(eq(clientConfigs.clientId, clientId));
  const [bank] = await tx
    .select({ id: clientBankAccounts.id })
    .from(clientBankAccounts)
    .where(and(eq(clientBankAccounts.clientId, clientId), eq(clientBankAccounts.isPrimary, true)));
  return { client, keystore, config, hasPayoutAccount: bank !== undefined };
}

export type LockedApplicant = NonNullable<Awaited<ReturnType<typeof lockApplicant>>>;

type KeystoreValues = Partial<Omit<typeof clientKeystore.$inferInsert, 'clientId' | 'updatedAt'>>;

export async function saveKeystore(tx: Executor, clientId: string, values: KeystoreValues): Promise<void> {
  await tx
    .insert(clientKeystore)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: clientKeystore.clientId, set: { ...values, updatedAt: new Date() } });
}

export async function saveForumPayConfig(
  tx: Executor,
  clientId: string,
  forumPayState: string,
): Promise<void> {
  await tx
    .insert(clientConfigs)
    .values({ clientId, crypto: 'forumpay', forumPayState })
    .onConflictDoUpdate({
      target: clientConfigs.clientId,
      set: { crypto: 'forumpay', forumPayState, updatedAt: new Date() },
    });
}

// The Events panel's enablement entry: written by the system on the caller's behalf.
export async function insertEnablementEvent(
  tx: Executor,
  event: {
    clientId: string;
    processor: EnablementProcessor;
    status: EnablementStatus;
    message: string;
    details: Record<string, string | boolean | null>;
    userId: string;
  },
): Promise<void> {
  await tx.insert(notes).values({
    clientId: event.clientId,
    domain: event.processor,
    subDomain: enablementSubDomain,
    category: 'system',
    comment: event.message,
    data: { status: event.status, message: event.message, processor: event.processor, ...event.details },
    origin: 'Portal',
    createdByUserId: event.userId,
    isEvent: true,
  });
}

export async function findEnablementState(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({
      id: clients.id,
      epxMerchantIdentifier: clientKeystore.epxMerchantIdentifier,
      propayMid: clientKeystore.propayMid,
      forumPayIdentifier: clientKeystore.forumPayIdentifier,
      crypto: clientConfigs.crypto,
      forumPayState: clientConfigs.forumPayState,
    })
    .from(clients)
    .leftJoin(clientKeystore, eq(clientKeystore.clientId, clients.id))
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(eq(clients.id, clientId));
  return row;
}
