import { and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { clientConfigs, clients } from '../../db/schema/clients';
import { users } from '../../db/schema/users';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';

export type VaultCustomerRow = typeof vaultCustomers.$inferSelect;
export type VaultMethodRow = typeof vaultPaymentMethods.$inferSelect;

// The merchant a vault call acts on, with what the answer shows of it.
export async function findVaultMerchant(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({
      id: clients.id,
      name: clients.name,
      hasPatientInformationInVault: clientConfigs.hasPatientInformationInVault,
    })
    .from(clients)
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(eq(clients.id, clientId));
  if (!row) return undefined;
  return { ...row, hasPatientInformationInVault: row.hasPatientInformationInVault ?? false };
}

export async function findUserProfile(executor: Executor, userId: string) {
  const [row] = await executor
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      userType: users.userType,
      defaultClientId: users.defaultClientId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findVaultCustomer(executor: Executor, id: string) {
  const [row] = await executor.select().from(vaultCustomers).where(eq(vaultCustomers.id, id));
  return row;
}

// Locked for an edit, so two saves of one customer apply one after the other.
export async function lockVaultCustomer(tx: Tx, id: string) {
  const [row] = await tx.select().from(vaultCustomers).where(eq(vaultCustomers.id, id)).for('update');
  return row;
}

export async function updateVaultCustomer(
  tx: Tx,
  id: string,
  values: Partial<typeof vaultCustomers.$inferInsert>,
  now: Date,
) {
  const [row] = await tx
    .update(vaultCustomers)
    .set({ ...values, updatedAt: now })
    .where(eq(vaultCustomers.id, id))
    .returning();
  if (!row) throw new Error('vault customer update returned nothing');
  return row;
}

// Newest first; de-duplication keeps the newest of each identity.
export async function listVaultMethods(executor: Executor, customerIds: readonly string[]) {
  if (customerIds.length === 0) return [];
  return executor
    .select()
    .from(vaultPaymentMethods)
    .where(inArray(vaultPaymentMethods.customerId, [...customerIds]))
    .orderBy(desc(vaultPaymentMethods.createdAt), asc(vaultPaymentMethods.id));
}

// Saves a method unless the customer already holds one of the same issuer, last four and expiry
// (spec 2 §9; the unique constraint is the same rule, so two concurrent saves keep one). Answers the
// id of the kept method.
export async function saveVaultMethod(
  tx: Tx,
  method: typeof vaultPaymentMethods.$inferInsert,
): Promise<string> {
  const [inserted] = await tx
    .insert(vaultPaymentMethods)
    .values(method)
    .onConflictDoNothing()
    .returning({ id: vaultPaymentMethods.id });
  if (inserted) return inserted.id;
  const [kept] = await tx
    .select({ id: vaultPaymentMethods.id })
    .from(vaultPaymentMethods)
    .where(
      and(
        eq(vaultPaymentMethods.customerId, method.customerId),
        eq(vaultPaymentMethods.issuer, method.issuer),
        eq(vaultPaymentMethods.last4, method.last4),
        sql`${vaultPaymentMethods.expMonth} is not distinct from ${method.expMonth ?? null}`,
        sql`${vaultPaymentMethods.expYear} is not distinct from ${method.expYear ?? null}`,
      ),
    );
  if (!kept) throw new Error('vault method neither inserted nor found');
  return kept.id;
}

// LIKE treats % _ and \ specially: a search text is matched literally.
export function likePrefixOf(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type VaultSearchTerms = {
  firstNamePrefix?: string;
  lastNamePrefix?: string;
  emailPrefix?: string;
  externalId?: string;
  patientNumberHash?: string;
};

// The one search condition; its shapes match the indexes of schema/vault.ts exactly.
export function vaultSearchCondition(clientId: string, terms: VaultSearchTerms): SQL | undefined {
  const c = vaultCustomers;
  const matches: SQL[] = [];
  if (terms.firstNamePrefix)
    matches.push(sql`lower(${c.firstName}) like ${likePrefixOf(terms.firstNamePrefix)}`);
  if (terms.lastNamePrefix)
    matches.push(sql`lower(${c.lastName}) like ${likePrefixOf(terms.lastNamePrefix)}`);
  if (terms.emailPrefix) matches.push(sql`lower(${c.email}) like ${likePrefixOf(terms.emailPrefix)}`);
  if (terms.externalId) matches.push(eq(c.externalId, terms.externalId));
  if (terms.patientNumberHash) matches.push(eq(c.patientNumberHash, terms.patientNumberHash));
  // No term: every customer of the merchant (the page's first load), still limited.
  return and(eq(c.clientId, clientId), matches.length === 0 ? undefined : or(...matches));
}

export async function searchVaultCustomers(
  executor: Executor,
  clientId: string,
  terms: VaultSearchTerms,
  limit: number,
) {
  const c = vaultCustomers;
  return executor
    .select()
    .from(c)
    .where(vaultSearchCondition(clientId, terms))
    .orderBy(sql`lower(${c.lastName})`, sql`lower(${c.firstName})`, asc(c.id))
    .limit(limit);
}

// Rows still holding plaintext patient fields (databases made before issue 19), a batch at a time.
export async function listLegacyPatientRows(executor: Executor, limit: number) {
  const c = vaultCustomers;
  return executor
    .select({
      id: c.id,
      patientNumber: c.legacyPatientNumber,
      patientFirstName: c.legacyPatientFirstName,
      patientLastName: c.legacyPatientLastName,
    })
    .from(c)
    .where(
      or(
        isNotNull(c.legacyPatientNumber),
        isNotNull(c.legacyPatientFirstName),
        isNotNull(c.legacyPatientLastName),
      ),
    )
    .limit(limit);
}
