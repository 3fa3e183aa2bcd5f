import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { clientConfigs, clients, whiteLabels } from '../../db/schema/clients';
import { enrollmentPrincipals, enrollments } from '../../db/schema/enrollments';

const parent = alias(clients, 'parent');

export type EnrollmentRow = typeof enrollments.$inferSelect;
export type EnrollmentPrincipalRow = typeof enrollmentPrincipals.$inferSelect;

// The enrollment with what the page shows of its parent: name, white-label brand and welcome e-mail.
export async function findEnrollmentRecord(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      enrollment: enrollments,
      parentName: parent.name,
      whiteLabel: whiteLabels.entityName,
      enrollEmail: clientConfigs.enrollEmail,
      welcomeMessage: clientConfigs.wEnrollMessage,
    })
    .from(enrollments)
    .leftJoin(parent, eq(parent.id, enrollments.parentId))
    .leftJoin(whiteLabels, eq(whiteLabels.clientId, enrollments.parentId))
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, enrollments.parentId))
    .where(eq(enrollments.id, id));
  return row;
}

// Held until the edit's transaction ends, so two saves of one enrollment apply one after the other.
export async function lockEnrollment(executor: Executor, id: string) {
  const [row] = await executor.select().from(enrollments).where(eq(enrollments.id, id)).for('update');
  return row;
}

export type EnrollmentChanges = Partial<typeof enrollments.$inferInsert>;
export type PrincipalChanges = Partial<
  Omit<typeof enrollmentPrincipals.$inferInsert, 'id' | 'enrollmentId' | 'position' | 'createdAt'>
>;

export async function updateEnrollment(
  executor: Executor,
  id: string,
  changes: EnrollmentChanges,
): Promise<Date> {
  const [row] = await executor
    .update(enrollments)
    .set(changes)
    .where(eq(enrollments.id, id))
    .returning({ updatedAt: enrollments.updatedAt });
  if (!row) throw new Error('enrollment update matched nothing');
  return row.updatedAt;
}

// Principal positions are rows: a position named by the edit is created when it has none yet.
export async function upsertEnrollmentPrincipal(
  executor: Executor,
  enrollmentId: string,
  position: number,
  changes: PrincipalChanges,
): Promise<void> {
  await executor
    .insert(enrollmentPrincipals)
    .values({ enrollmentId, position, ...changes })
    .onConflictDoUpdate({
      target: [enrollmentPrincipals.enrollmentId, enrollmentPrincipals.position],
      set: { ...changes, updatedAt: new Date() },
    });
}
