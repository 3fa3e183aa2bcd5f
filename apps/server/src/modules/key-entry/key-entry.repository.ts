import { asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { keyCeremonies, keyComponents, keyInjections } from '../../db/schema/keys';
import { users } from '../../db/schema/users';

export type CeremonyRow = typeof keyCeremonies.$inferSelect;

export async function findOpenCeremony(executor: Executor): Promise<CeremonyRow | undefined> {
  const [row] = await executor.select().from(keyCeremonies).where(isNull(keyCeremonies.completedAt));
  return row;
}

// The key being entered, locked: two officers loading at once take turns.
export async function lockOpenCeremony(executor: Executor): Promise<CeremonyRow | undefined> {
  const [row] = await executor
    .select()
    .from(keyCeremonies)
    .where(isNull(keyCeremonies.completedAt))
    .for('update');
  return row;
}

// Opens a key unless another officer opened one a moment ago (the partial unique index decides).
export async function openCeremony(
  executor: Executor,
  values: { algorithm: CeremonyRow['algorithm']; lengthBytes: number },
): Promise<void> {
  await executor.insert(keyCeremonies).values(values).onConflictDoNothing();
}

export async function latestCompletedCeremony(executor: Executor): Promise<CeremonyRow | undefined> {
  const [row] = await executor
    .select()
    .from(keyCeremonies)
    .where(isNotNull(keyCeremonies.completedAt))
    .orderBy(desc(keyCeremonies.completedAt))
    .limit(1);
  return row;
}

export async function lockLatestCompletedCeremony(executor: Executor): Promise<CeremonyRow | undefined> {
  const latest = await latestCompletedCeremony(executor);
  if (!latest) return undefined;
  const [row] = await executor
    .select()
    .from(keyCeremonies)
    .where(eq(keyCeremonies.id, latest.id))
    .for('update');
  return row;
}

export async function componentsOf(executor: Executor, ceremonyId: string) {
  return executor
    .select({
      position: keyComponents.position,
      componentEnc: keyComponents.componentEnc,
      kcv: keyComponents.kcv,
      loadedByUserId: keyComponents.loadedByUserId,
      loadedBy: users.email,
      loadedAt: keyComponents.loadedAt,
    })
    .from(keyComponents)
    .innerJoin(users, eq(users.id, keyComponents.loadedByUserId))
    .where(eq(keyComponents.ceremonyId, ceremonyId))
    .orderBy(asc(keyComponents.position));
}

export async function insertComponent(
  executor: Executor,
  values: typeof keyComponents.$inferInsert,
): Promise<void> {
  await executor.insert(keyComponents).values(values);
}

// The key is formed: it is kept encrypted and its components are forgotten.
export async function completeCeremony(
  executor: Executor,
  ceremonyId: string,
  values: { keyEnc: string; kcv: string },
): Promise<void> {
  await executor
    .update(keyCeremonies)
    .set({ ...values, completedAt: new Date() })
    .where(eq(keyCeremonies.id, ceremonyId));
  await executor
    .update(keyComponents)
    .set({ componentEnc: null })
    .where(eq(keyComponents.ceremonyId, ceremonyId));
}

export async function setCeremonyArn(executor: Executor, ceremonyId: string, arn: string): Promise<void> {
  await executor.update(keyCeremonies).set({ arn }).where(eq(keyCeremonies.id, ceremonyId));
}

export async function insertInjection(
  executor: Executor,
  values: typeof keyInjections.$inferInsert,
): Promise<Date> {
  const [row] = await executor
    .insert(keyInjections)
    .values(values)
    .returning({ createdAt: keyInjections.createdAt });
  if (!row) throw new Error('The injection was not recorded');
  return row.createdAt;
}
