import type { LocationCustomField } from '@portico/contracts/clients/location-custom-fields';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  clientBankAccounts,
  clientConfigs,
  clientCustomFields,
  clientKeystore,
  clientPricing,
  clientPrincipals,
  clients,
  whiteLabels,
} from '../../db/schema/clients';
import { fileBlobs } from '../../db/schema/documents';
import { enrollments } from '../../db/schema/enrollments';
import { mccCodes } from '../../db/schema/reference';
import { payouts } from '../../db/schema/settlements';
import { auditLog } from '../../db/schema/system';

const parent = alias(clients, 'parent');

// The account and everything its detail page shows, in one round of parallel queries.
export async function findAccount(executor: Executor, clientId: string) {
  const [head, principals, enrollment] = await Promise.all([
    executor
      .select({
        client: clients,
        config: clientConfigs,
        pricing: clientPricing,
        bank: clientBankAccounts,
        keystore: clientKeystore,
        whiteLabel: whiteLabels,
        logo: { content: fileBlobs.content },
        parent: { id: parent.id, name: parent.name, hashcode: parent.hashcode },
      })
      .from(clients)
      .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
      .leftJoin(clientPricing, eq(clientPricing.clientId, clients.id))
      .leftJoin(
        clientBankAccounts,
        and(eq(clientBankAccounts.clientId, clients.id), eq(clientBankAccounts.isPrimary, true)),
      )
      .leftJoin(clientKeystore, eq(clientKeystore.clientId, clients.id))
      .leftJoin(fileBlobs, eq(fileBlobs.storageKey, clients.logoStorageKey))
      .leftJoin(whiteLabels, eq(whiteLabels.clientId, clients.id))
      .leftJoin(parent, eq(parent.id, clients.parentId))
      .where(eq(clients.id, clientId)),
    executor
      .select()
      .from(clientPrincipals)
      .where(eq(clientPrincipals.clientId, clientId))
      .orderBy(asc(clientPrincipals.position)),
    executor.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.clientId, clientId)),
  ]);
  const [row] = head;
  if (!row) return null;
  return {
    ...row,
    parent: row.parent?.id
      ? { id: row.parent.id, name: row.parent.name, hashcode: row.parent.hashcode }
      : null,
    principals,
    enrollmentId: enrollment[0]?.id ?? null,
  };
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

// Locks the account row for the edit so two saves cannot interleave their read and write.
export async function lockAccount(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('update');
  return row ?? null;
}

export async function updateClientRow(
  executor: Executor,
  clientId: string,
  changes: Partial<typeof clients.$inferInsert>,
): Promise<Date> {
  const [row] = await executor
    .update(clients)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(clients.id, clientId))
    .returning({ updatedAt: clients.updatedAt });
  return row?.updatedAt ?? new Date();
}

export async function upsertConfig(
  executor: Executor,
  clientId: string,
  changes: Partial<typeof clientConfigs.$inferInsert>,
) {
  await executor
    .insert(clientConfigs)
    .values({ ...changes, clientId })
    .onConflictDoUpdate({ target: clientConfigs.clientId, set: changes });
}

export async function upsertPricing(
  executor: Executor,
  clientId: string,
  changes: Partial<typeof clientPricing.$inferInsert>,
) {
  await executor
    .insert(clientPricing)
    .values({ ...changes, clientId })
    .onConflictDoUpdate({ target: clientPricing.clientId, set: changes });
}

export async function upsertKeystore(
  executor: Executor,
  clientId: string,
  changes: Partial<typeof clientKeystore.$inferInsert>,
) {
  await executor
    .insert(clientKeystore)
    .values({ ...changes, clientId })
    .onConflictDoUpdate({ target: clientKeystore.clientId, set: { ...changes, updatedAt: new Date() } });
}

export async function upsertPrincipal(
  executor: Executor,
  clientId: string,
  position: number,
  changes: Partial<typeof clientPrincipals.$inferInsert>,
) {
  await executor
    .insert(clientPrincipals)
    .values({ ...changes, clientId, position })
    .onConflictDoUpdate({ target: [clientPrincipals.clientId, clientPrincipals.position], set: changes });
}

export type BankChanges = {
  accountNumberEnc?: string;
  accountNumberLast4?: string;
  routingNumberEnc?: string;
  routingNumberLast4?: string;
  accountType?: 'checking' | 'savings' | 'business';
};

// The primary payout account: updated in place, or created once both numbers are known.
export async function savePrimaryBankAccount(executor: Executor, clientId: string, changes: BankChanges) {
  const updated = await executor
    .update(clientBankAccounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(clientBankAccounts.clientId, clientId), eq(clientBankAccounts.isPrimary, true)))
    .returning({ id: clientBankAccounts.id });
  if (updated.length > 0) return true;
  const { accountNumberEnc, accountNumberLast4, routingNumberEnc, routingNumberLast4 } = changes;
  if (!accountNumberEnc || !accountNumberLast4 || !routingNumberEnc || !routingNumberLast4) return false;
  await executor.insert(clientBankAccounts).values({
    clientId,
    accountNumberEnc,
    accountNumberLast4,
    routingNumberEnc,
    routingNumberLast4,
    accountType: changes.accountType ?? 'checking',
    isPrimary: true,
  });
  return true;
}

export async function deletePrimaryBankAccount(executor: Executor, clientId: string) {
  await executor
    .delete(clientBankAccounts)
    .where(and(eq(clientBankAccounts.clientId, clientId), eq(clientBankAccounts.isPrimary, true)));
}

export async function findMcc(executor: Executor, code: string) {
  const [row] = await executor.select().from(mccCodes).where(eq(mccCodes.code, code));
  return row ?? null;
}

export async function listMccCodes(executor: Executor) {
  return executor
    .select({ code: mccCodes.code, description: mccCodes.description, cardRate: mccCodes.cardRate })
    .from(mccCodes)
    .orderBy(asc(mccCodes.code));
}

export async function findClientLevel(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({ level: clients.level, parentId: clients.parentId, email: clients.email, name: clients.name })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ?? null;
}

export async function findEnrollmentIdOfClient(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.clientId, clientId));
  return row?.id ?? null;
}

export async function saveLogo(executor: Executor, clientId: string, storageKey: string, content: Buffer) {
  await executor.insert(fileBlobs).values({ storageKey, content });
  await executor
    .update(clients)
    .set({ logoStorageKey: storageKey, updatedAt: new Date() })
    .where(eq(clients.id, clientId));
}

export const accountEventActions = [
  'account.edit',
  'account.hierarchy',
  'account.logo',
  'enrollment.hierarchy',
] as const;

// The account's changes from the audit log, newest first.
export async function listAccountEvents(executor: Executor, clientId: string, limit: number) {
  return executor
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      actorEmail: auditLog.actorEmail,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.clientId, clientId),
        eq(auditLog.outcome, 'success'),
        inArray(auditLog.action, [...accountEventActions]),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

// Monthly Payout Volume: the account's payouts summed by month (YYYY-MM), oldest first.
export async function sumPayoutsByMonth(executor: Executor, clientId: string, since: string) {
  const month = sql<string>`to_char(${payouts.payoutDate}::date, 'YYYY-MM')`;
  return executor
    .select({ month, totalCents: sql<string>`sum(${payouts.amountCents})::text` })
    .from(payouts)
    .where(and(eq(payouts.clientId, clientId), sql`${payouts.payoutDate} >= ${since}`))
    .groupBy(month)
    .orderBy(month);
}

// The account page's Settings: the merchant's location custom fields, by name.
export function listLocationCustomFields(
  executor: Executor,
  clientId: string,
): Promise<LocationCustomField[]> {
  return executor
    .select({ name: clientCustomFields.name, type: clientCustomFields.type })
    .from(clientCustomFields)
    .where(eq(clientCustomFields.clientId, clientId))
    .orderBy(asc(clientCustomFields.name));
}
