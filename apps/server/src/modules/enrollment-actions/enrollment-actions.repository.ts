import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships } from '../../db/schema/access';
import {
  type ChildDefaults,
  clientBankAccounts,
  clientConfigs,
  clientPricing,
  clientPrincipals,
  clients,
} from '../../db/schema/clients';
import { type enrollmentPrincipals, enrollments } from '../../db/schema/enrollments';
import { notes } from '../../db/schema/notes';
import { users } from '../../db/schema/users';

export type EnrollmentRecord = typeof enrollments.$inferSelect;
export type EnrollmentPrincipalRecord = typeof enrollmentPrincipals.$inferSelect;

// The enrollment a review action changes, locked for the rest of the transaction so two reviewers
// acting at once are serialised (approve against reject, two approvals).
export async function lockEnrollment(executor: Executor, id: string): Promise<EnrollmentRecord | undefined> {
  const [row] = await executor.select().from(enrollments).where(eq(enrollments.id, id)).for('update');
  return row;
}

export async function findEnrollment(executor: Executor, id: string): Promise<EnrollmentRecord | undefined> {
  const [row] = await executor.select().from(enrollments).where(eq(enrollments.id, id));
  return row;
}

export async function updateEnrollment(
  executor: Executor,
  id: string,
  change: Partial<typeof enrollments.$inferInsert>,
): Promise<void> {
  await executor.update(enrollments).set(change).where(eq(enrollments.id, id));
}

// ---- KYC notes ----

export const kycSubDomain = 'KYC';
// The log lists every run; the bound only stops a runaway answer.
const maxKycEntries = 500;

export async function insertKycNote(
  executor: Executor,
  note: {
    enrollmentId: string;
    comment: string;
    data: Record<string, unknown>;
    createdByUserId: string;
    createdAt: Date;
  },
) {
  const [row] = await executor
    .insert(notes)
    .values({
      enrollmentId: note.enrollmentId,
      domain: 'enrollment',
      subDomain: kycSubDomain,
      // Written by Portico from the provider's answer, not typed by a person.
      category: 'system',
      comment: note.comment,
      data: note.data,
      origin: 'Portal',
      createdByUserId: note.createdByUserId,
      createdAt: note.createdAt,
    })
    .returning({ id: notes.id });
  if (!row) throw new Error('KYC note insert returned nothing');
  return row.id;
}

const kycNoteColumns = {
  id: notes.id,
  createdAt: notes.createdAt,
  comment: notes.comment,
  data: notes.data,
  authorName: users.name,
  authorEmail: users.email,
};

export async function listKycNotes(executor: Executor, enrollmentId: string) {
  return executor
    .select(kycNoteColumns)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.createdByUserId))
    .where(and(eq(notes.enrollmentId, enrollmentId), eq(notes.subDomain, kycSubDomain)))
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(maxKycEntries);
}

export async function findKycNote(executor: Executor, id: string) {
  const [row] = await executor
    .select(kycNoteColumns)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.createdByUserId))
    .where(eq(notes.id, id));
  return row;
}

export type KycNoteRecord = Awaited<ReturnType<typeof listKycNotes>>[number];

// ---- Accounts ----

export type ClientRecord = typeof clients.$inferSelect;
export type NewClient = typeof clients.$inferInsert;

export async function findClient(executor: Executor, id: string): Promise<ClientRecord | undefined> {
  const [row] = await executor.select().from(clients).where(eq(clients.id, id));
  return row;
}

export async function lockClient(executor: Executor, id: string): Promise<ClientRecord | undefined> {
  const [row] = await executor.select().from(clients).where(eq(clients.id, id)).for('update');
  return row;
}

export type NewAccount = {
  client: NewClient;
  config: Omit<typeof clientConfigs.$inferInsert, 'clientId'>;
  pricing: Omit<typeof clientPricing.$inferInsert, 'clientId'>;
  principals: Omit<typeof clientPrincipals.$inferInsert, 'clientId'>[];
  bank: Omit<typeof clientBankAccounts.$inferInsert, 'clientId'> | null;
};

// The account an application becomes: the client and its configuration, pricing, owners and
// settlement account, in the caller's transaction.
export async function insertAccount(executor: Executor, account: NewAccount): Promise<string> {
  const [row] = await executor.insert(clients).values(account.client).returning({ id: clients.id });
  if (!row) throw new Error('client insert returned nothing');
  await executor.insert(clientConfigs).values({ ...account.config, clientId: row.id });
  await executor.insert(clientPricing).values({ ...account.pricing, clientId: row.id });
  if (account.principals.length > 0) {
    await executor
      .insert(clientPrincipals)
      .values(account.principals.map((principal) => ({ ...principal, clientId: row.id })));
  }
  if (account.bank) await executor.insert(clientBankAccounts).values({ ...account.bank, clientId: row.id });
  return row.id;
}

// The sub-merchant defaults of a parent-level client; {} when there is no parent or it is not one.
export async function findParentChildDefaults(
  executor: Executor,
  parentId: string | null,
): Promise<ChildDefaults> {
  if (parentId === null) return {};
  const [row] = await executor
    .select({ childDefaults: clientConfigs.childDefaults })
    .from(clientConfigs)
    .innerJoin(clients, eq(clients.id, clientConfigs.clientId))
    .where(and(eq(clients.id, parentId), eq(clients.level, 'Parent')));
  return row?.childDefaults ?? {};
}

export async function updateClient(
  executor: Executor,
  id: string,
  change: Partial<NewClient>,
): Promise<void> {
  await executor.update(clients).set(change).where(eq(clients.id, id));
}

// Parent-level clients, all of them or those among the given ids, by legal name.
export async function listParentOptions(executor: Executor, ids: readonly string[] | 'all') {
  if (ids !== 'all' && ids.length === 0) return [];
  const legalName = sql<string>`coalesce(${clients.legalName}, ${clients.name})`;
  return executor
    .select({ id: clients.id, name: clients.name, legalName })
    .from(clients)
    .where(
      ids === 'all'
        ? eq(clients.level, 'Parent')
        : and(eq(clients.level, 'Parent'), inArray(clients.id, [...ids])),
    )
    .orderBy(asc(legalName), asc(clients.id));
}

// ---- Users and contacts ----

const accountUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  userType: users.userType,
  label: users.label,
  isDisabled: users.isDisabled,
  isLockedOut: users.isLockedOut,
  createdAt: users.createdAt,
};

// The people of an account: those whose default client it is (contacts, its own users) and its
// members, by name.
export async function listAccountUsers(executor: Executor, clientId: string) {
  const memberIds = executor
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.clientId, clientId));
  return executor
    .select(accountUserColumns)
    .from(users)
    .where(or(eq(users.defaultClientId, clientId), inArray(users.id, memberIds)))
    .orderBy(asc(users.name), asc(users.id));
}

export type AccountUserRecord = Awaited<ReturnType<typeof listAccountUsers>>[number];

export async function findUserByEmail(executor: Executor, email: string) {
  const [row] = await executor
    .select({ ...accountUserColumns, defaultClientId: users.defaultClientId })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

export async function insertUser(executor: Executor, user: typeof users.$inferInsert) {
  const [row] = await executor.insert(users).values(user).returning(accountUserColumns);
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function ensureMembership(executor: Executor, userId: string, clientId: string): Promise<void> {
  await executor
    .insert(memberships)
    .values({ userId, clientId })
    .onConflictDoNothing({ target: [memberships.userId, memberships.clientId] });
}

export async function isMemberOrDefault(executor: Executor, userId: string, clientId: string) {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.clientId, clientId)))
    .where(
      and(eq(users.id, userId), or(eq(users.defaultClientId, clientId), eq(memberships.clientId, clientId))),
    );
  return row !== undefined;
}
