import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { enrollmentPrincipals, enrollments } from '../../db/schema/enrollments';
import { mccCodes } from '../../db/schema/reference';

export async function listApprovedMccCodes(executor: Executor) {
  return executor
    .select({ code: mccCodes.code, description: mccCodes.description })
    .from(mccCodes)
    .where(eq(mccCodes.isApproved, true))
    .orderBy(asc(mccCodes.code));
}

export async function isApprovedMccCode(executor: Executor, code: string): Promise<boolean> {
  const [row] = await executor
    .select({ code: mccCodes.code })
    .from(mccCodes)
    .where(and(eq(mccCodes.code, code), eq(mccCodes.isApproved, true)));
  return row !== undefined;
}

export async function listEnrollmentPrincipals(executor: Executor, enrollmentId: string) {
  return executor
    .select()
    .from(enrollmentPrincipals)
    .where(eq(enrollmentPrincipals.enrollmentId, enrollmentId))
    .orderBy(asc(enrollmentPrincipals.position));
}

// Parent-level clients, all of them or those among the given ids.
export async function listParentClients(executor: Executor, ids: readonly string[] | 'all') {
  if (ids !== 'all' && ids.length === 0) return [];
  return executor
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(
      ids === 'all'
        ? eq(clients.level, 'Parent')
        : and(eq(clients.level, 'Parent'), inArray(clients.id, [...ids])),
    )
    .orderBy(asc(clients.name), asc(clients.id));
}

export type NewEnrollment = typeof enrollments.$inferInsert;
export type NewEnrollmentPrincipal = Omit<typeof enrollmentPrincipals.$inferInsert, 'enrollmentId'>;

export async function insertEnrollment(
  executor: Executor,
  enrollment: NewEnrollment,
  principals: readonly NewEnrollmentPrincipal[],
): Promise<string> {
  const [row] = await executor.insert(enrollments).values(enrollment).returning({ id: enrollments.id });
  if (!row) throw new Error('enrollment insert returned nothing');
  if (principals.length > 0) {
    await executor
      .insert(enrollmentPrincipals)
      .values(principals.map((principal) => ({ ...principal, enrollmentId: row.id })));
  }
  return row.id;
}

// The onboarding grid holds every application; the bound only stops a runaway answer.
export const maxOnboardingRows = 10_000;

// 'all' for staff; otherwise the enrollments filed under the given parents.
export async function listOnboardingRows(executor: Executor, parentIds: readonly string[] | 'all') {
  if (parentIds !== 'all' && parentIds.length === 0) return [];
  return executor
    .select({
      id: enrollments.id,
      dbaName: enrollments.dbaName,
      legalName: enrollments.legalName,
      createdAt: enrollments.createdAt,
      applicationStatus: enrollments.applicationStatus,
    })
    .from(enrollments)
    .where(parentIds === 'all' ? undefined : inArray(enrollments.parentId, [...parentIds]))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(maxOnboardingRows);
}
