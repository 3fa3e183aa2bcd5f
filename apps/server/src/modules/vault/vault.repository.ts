import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { memberships } from '../../db/schema/access';
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
      publicKey: clients.publicKey,
      hasPatientInformationInVault: clientConfigs.hasPatientInformationInVault,
    })
    .from(clients)
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(eq(clients.id, clientId));
  if (!row) return undefined;
  return { ...row, hasPatientInformationInVault: row.hasPatientInformationInVault ?? false };
}

// The merchant a search acts on (the one named, else the caller's default) with what the answer shows
// of it and whether the caller is a member of it itself (patient fields), in one round trip.
// clientId null: the caller has no default merchant; merchant undefined: no such merchant.
export async function findSearchedVaultMerchant(
  executor: Executor,
  userId: string,
  namedClientId: string | null,
) {
  const chosen = sql`coalesce(${namedClientId}::uuid, ${users.defaultClientId})`;
  const [row] = await executor
    .select({
      clientId: sql<string | null>`${chosen}::text`,
      id: clients.id,
      name: clients.name,
      publicKey: clients.publicKey,
      hasPatientInformationInVault: clientConfigs.hasPatientInformationInVault,
      isMember: sql<boolean>`exists (select 1 from ${memberships}
        where ${memberships.userId} = ${users.id} and ${memberships.clientId} = ${clients.id})`,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, chosen))
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(eq(users.id, userId));
  const clientId = namedClientId ?? row?.clientId ?? null;
  if (!row || row.id === null || row.name === null) return { clientId, merchant: undefined };
  return {
    clientId,
    merchant: {
      id: row.id,
      name: row.name,
      publicKey: row.publicKey,
      hasPatientInformationInVault: row.hasPatientInformationInVault ?? false,
      isMember: row.isMember,
    },
  };
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
  // Matched only where the merchant keeps patient information and the user is a member of it itself
  // (the merchant's side of the patient rule; the service checks the caller's side).
  patientNumber?: { hash: string; memberUserId: string };
};

// The search as one statement answering ids in the answer's order. Each term is a branch that reads
// at most `limit` entries of its own index (schema/vault.ts) already in order; a customer matched by
// several keeps its best branch. Order: last-name matches, first-name, e-mail, external id, patient
// number; within a branch by the indexed key. No term: the merchant's customers by last name.
export function vaultSearchIdsSql(clientId: string, terms: VaultSearchTerms, limit: number): SQL {
  const last = sql`lower(last_name) collate "C"`;
  const first = sql`lower(first_name) collate "C"`;
  const email = sql`lower(email) collate "C"`;
  const branches: SQL[] = [];
  const branch = (rank: number, k1: SQL, k2: SQL, where: SQL | null) =>
    sql`(select id, ${sql.raw(String(rank))} as rank, ${k1} as k1, ${k2} as k2 from vault_customers
          where client_id = ${clientId}${where === null ? sql`` : sql` and ${where}`}
          order by ${k1}, ${k2}, id limit ${limit})`;
  const none = sql`''::text collate "C"`;
  if (terms.lastNamePrefix)
    branches.push(branch(1, last, first, sql`${last} like ${likePrefixOf(terms.lastNamePrefix)}`));
  if (terms.firstNamePrefix)
    branches.push(branch(2, first, last, sql`${first} like ${likePrefixOf(terms.firstNamePrefix)}`));
  if (terms.emailPrefix)
    branches.push(branch(3, email, none, sql`${email} like ${likePrefixOf(terms.emailPrefix)}`));
  if (terms.externalId) branches.push(branch(4, none, none, sql`external_id = ${terms.externalId}`));
  if (terms.patientNumber) {
    const { hash, memberUserId } = terms.patientNumber;
    branches.push(
      branch(
        5,
        none,
        none,
        sql`patient_number_hash = ${hash}
          and exists (select 1 from client_configs cc
            where cc.client_id = ${clientId} and cc.has_patient_information_in_vault)
          and exists (select 1 from memberships m where m.client_id = ${clientId} and m.user_id = ${memberUserId})`,
      ),
    );
  }
  if (branches.length === 0) branches.push(branch(1, last, first, null));
  return sql`select id, rank, k1, k2 from (
      select distinct on (id) id, rank, k1, k2 from (${sql.join(branches, sql` union all `)}) hits
       order by id, rank
    ) best
    order by rank, k1, k2, id
    limit ${limit}`;
}

// A saved method as the search statement writes it (json_build_object below).
const methodJson = z.object({
  id: z.string(),
  customerId: z.string(),
  token: z.string(),
  issuer: z.enum(vaultPaymentMethods.issuer.enumValues),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  createdAt: z.coerce.date(),
});
const methodsJson = z.array(methodJson);

export type VaultSearchHit = { row: VaultCustomerRow; methods: VaultMethodRow[] };

// Issue 19 "Speed": the ids, the rows and their saved methods (newest first, as listVaultMethods)
// in one statement, one round trip.
export async function searchVaultCustomers(
  executor: Executor,
  clientId: string,
  terms: VaultSearchTerms,
  limit: number,
): Promise<VaultSearchHit[]> {
  const m = vaultPaymentMethods;
  const rows = await executor
    .select({
      row: getTableColumns(vaultCustomers),
      methods: sql<unknown>`(select coalesce(json_agg(json_build_object(
          'id', ${m.id}, 'customerId', ${m.customerId}, 'token', ${m.token}, 'issuer', ${m.issuer},
          'last4', ${m.last4}, 'expMonth', ${m.expMonth}, 'expYear', ${m.expYear},
          'createdAt', ${m.createdAt}) order by ${m.createdAt} desc, ${m.id}), '[]'::json)
        from ${m} where ${m.customerId} = ${vaultCustomers.id})`,
    })
    .from(vaultCustomers)
    .innerJoin(sql`(${vaultSearchIdsSql(clientId, terms, limit)}) best`, sql`best.id = ${vaultCustomers.id}`)
    .orderBy(sql`best.rank, best.k1, best.k2, best.id`);
  return rows.map(({ row, methods }) => ({
    row,
    // PGlite hands json back parsed, node-postgres too; a text answer is parsed here.
    methods: methodsJson.parse(typeof methods === 'string' ? JSON.parse(methods) : methods),
  }));
}
