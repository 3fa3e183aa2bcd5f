import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { enrollmentPrincipals, enrollments } from '../../db/schema/enrollments';

const parent = alias(clients, 'parent');

const applicationColumns = {
  id: enrollments.id,
  parentId: enrollments.parentId,
  clientId: enrollments.clientId,
  status: enrollments.status,
  applicationStatus: enrollments.applicationStatus,
  dbaName: enrollments.dbaName,
  legalName: enrollments.legalName,
  firstName: enrollments.firstName,
  lastName: enrollments.lastName,
  ownershipType: enrollments.ownershipType,
  fedTxIdLast4: enrollments.fedTxIdLast4,
  businessDescription: enrollments.businessDescription,
  startDate: enrollments.startDate,
  website: enrollments.website,
  businessAddress1: enrollments.businessAddress1,
  businessAddress2: enrollments.businessAddress2,
  businessCity: enrollments.businessCity,
  businessStateProvince: enrollments.businessStateProvince,
  businessPostalCode: enrollments.businessPostalCode,
  email: enrollments.email,
  businessPhoneNumber: enrollments.businessPhoneNumber,
  accountNumberLast4: enrollments.accountNumberLast4,
  routingNumberLast4: enrollments.routingNumberLast4,
  accountType: enrollments.accountType,
  cardSwipedPercent: enrollments.cardSwipedPercent,
  keyedCardPresentNotImprintedPercent: enrollments.keyedCardPresentNotImprintedPercent,
  mailOrPhoneOrderPercent: enrollments.mailOrPhoneOrderPercent,
  internetPercent: enrollments.internetPercent,
  ctaSentAt: enrollments.ctaSentAt,
  agreedAt: enrollments.agreedAt,
  parentName: parent.name,
  parentLegalName: parent.legalName,
};

// The application with its parent's names; never the encrypted columns.
export async function findApplication(executor: Executor, enrollmentId: string) {
  const [row] = await executor
    .select(applicationColumns)
    .from(enrollments)
    .leftJoin(parent, eq(parent.id, enrollments.parentId))
    .where(eq(enrollments.id, enrollmentId));
  return row;
}
export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

// Locks the row so two submissions of one link cannot both be stored.
export async function lockApplication(executor: Executor, enrollmentId: string) {
  const [row] = await executor
    .select({
      id: enrollments.id,
      parentId: enrollments.parentId,
      clientId: enrollments.clientId,
      status: enrollments.status,
      applicationStatus: enrollments.applicationStatus,
      agreedAt: enrollments.agreedAt,
    })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId))
    .for('update');
  return row;
}

export async function listPrincipals(executor: Executor, enrollmentId: string) {
  return executor
    .select({
      position: enrollmentPrincipals.position,
      firstName: enrollmentPrincipals.firstName,
      lastName: enrollmentPrincipals.lastName,
      title: enrollmentPrincipals.title,
      ownershipPercent: enrollmentPrincipals.ownershipPercent,
      ssnLast4: enrollmentPrincipals.ssnLast4,
      hasDateOfBirth: sql<boolean>`${enrollmentPrincipals.dateOfBirthEnc} is not null`,
      phoneNumber: enrollmentPrincipals.phoneNumber,
      addressLine1: enrollmentPrincipals.addressLine1,
      addressLine2: enrollmentPrincipals.addressLine2,
      city: enrollmentPrincipals.city,
      stateProvince: enrollmentPrincipals.stateProvince,
      postalCode: enrollmentPrincipals.postalCode,
    })
    .from(enrollmentPrincipals)
    .where(eq(enrollmentPrincipals.enrollmentId, enrollmentId))
    .orderBy(asc(enrollmentPrincipals.position));
}

export async function findTermsOwner(executor: Executor, enrollmentId: string) {
  const [row] = await executor
    .select({
      clientId: enrollments.clientId,
      parentId: enrollments.parentId,
      parentName: parent.name,
      parentLegalName: parent.legalName,
    })
    .from(enrollments)
    .leftJoin(parent, eq(parent.id, enrollments.parentId))
    .where(eq(enrollments.id, enrollmentId));
  return row;
}

export async function markCtaSent(executor: Executor, enrollmentId: string, sentAt: Date) {
  await executor
    .update(enrollments)
    // SEND LINK is the incomplete application whose link is out.
    .set({ status: 'cta_sent', applicationStatus: 'SEND LINK', ctaSentAt: sentAt })
    .where(eq(enrollments.id, enrollmentId));
}

export type AgreedApplication = Partial<typeof enrollments.$inferInsert>;
export type NewPrincipal = Omit<typeof enrollmentPrincipals.$inferInsert, 'enrollmentId'>;

// The merchant's answers replace what staff entered; owners are replaced as a whole (1 to 4).
export async function storeAgreedApplication(
  executor: Executor,
  enrollmentId: string,
  changes: AgreedApplication,
  principals: readonly NewPrincipal[],
): Promise<void> {
  await executor.update(enrollments).set(changes).where(eq(enrollments.id, enrollmentId));
  await executor.delete(enrollmentPrincipals).where(eq(enrollmentPrincipals.enrollmentId, enrollmentId));
  if (principals.length > 0) {
    await executor
      .insert(enrollmentPrincipals)
      .values(principals.map((principal) => ({ ...principal, enrollmentId })));
  }
}
