import { and, asc, desc, eq, inArray, type Query, type SQL, sql } from 'drizzle-orm';
import {
  type MerchantAccessFacts,
  merchantAccessFactsSql,
  parseMerchantAccessFacts,
} from '../../access/merchant-scope.repository';
import type { SessionPrefetch } from '../../access/request-session.repository';
import type { Executor, Tx } from '../../db/client';
import { queryRowsNamed, shapedStatements } from '../../db/named-statement';
import { clientConfigs, clients } from '../../db/schema/clients';
import { users } from '../../db/schema/users';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';
import { jsonObjectText, jsonOf, quoted } from '../../db/sql-json';
import { queryRows, type SqlRow } from '../../db/sql-rows';

export type VaultCustomerRow = typeof vaultCustomers.$inferSelect;
// What the answers show of a customer (the search reads no more).
export type VaultCustomerFields = Omit<VaultCustomerRow, 'createdAt' | 'updatedAt'>;
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
// (the unique constraint is the same rule, so two concurrent saves keep one). Answers the
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

// The keys that start with a text, as a range of the index: from the lowercased text up to, not
// including, its successor (the last character that has one, one code point up, the rest dropped).
// Under the C collation keys compare by code point, so the range holds exactly the keys with that
// prefix, and unlike LIKE it reads the same index range when its bounds are parameters. to: null
// only for a text of U+10FFFF alone, which has no successor.
export function prefixRangeOf(text: string): { from: string; to: string | null } {
  const from = text.toLowerCase();
  const chars = Array.from(from);
  for (let index = chars.length - 1; index >= 0; index--) {
    const code = chars[index]?.codePointAt(0) ?? 0x10ffff;
    if (code < 0x10ffff) {
      // The surrogate range holds no character.
      const next = code === 0xd7ff ? 0xe000 : code + 1;
      return { from, to: `${chars.slice(0, index).join('')}${String.fromCodePoint(next)}` };
    }
  }
  return { from, to: null };
}

export type VaultSearchTerms = {
  firstNamePrefix?: string;
  lastNamePrefix?: string;
  emailPrefix?: string;
  externalId?: string;
  // Matched only where the merchant keeps patient information and the user is a member of it itself
  // (the merchant's side of the patient rule, in the statement; the service checks the caller's side).
  patientNumberHash?: string;
};

export type VaultSearchInput = {
  clientId: string;
  userId: string;
  // null: the access layer already allowed the merchant. Otherwise its access facts are read in the
  // same statement, and customers are read only when the caller reaches the merchant at all (a
  // membership on it or above it; staff any), the rest of the decision is the service's.
  undecided: { reachesEveryMerchant: boolean } | null;
  // null: no search text, the merchant's customers by last name.
  terms: VaultSearchTerms | null;
};

type SearchShape = {
  undecided: boolean;
  listsAll: boolean;
  // Whether each prefix range has an upper bound (only a text of U+10FFFF alone has none).
  bounded: readonly [boolean, boolean, boolean];
};

const prefixFields = ['lastName', 'firstName', 'email'] as const;

// A value the planner cannot see (an InitPlan, read at run time): the plan of a search is then the
// same for every text and merchant, so PostgreSQL keeps one generic plan of the named statement
// instead of planning it again on every call (planning cost about as much as running it). With the
// values in sight every plan would differ a little and it would plan every call.
function unseen(name: string, type: 'text' | 'uuid'): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

type SearchBinding = {
  userId: SQL;
  clientId: SQL;
  // The same merchant, out of the planner's sight (unseen).
  clientIdUnseen: SQL;
  // Read only when the shape is undecided.
  reachesEveryMerchant: SQL;
  // The caller's side of the patient rule when the statement decides it; null: the terms carry it
  // (no patient number hash unless the caller may match one).
  patientGate: SQL | null;
};

const placeholderBinding: SearchBinding = {
  userId: sql`${sql.placeholder('userId')}::uuid`,
  clientId: sql`${sql.placeholder('clientId')}::uuid`,
  clientIdUnseen: unseen('clientId', 'uuid'),
  reachesEveryMerchant: sql`${sql.placeholder('reachesEveryMerchant')}::boolean`,
  patientGate: null,
};

// A found customer as the answer's JSON text (contracts vaultCustomerSchema, the fields and values of
// vault.service.ts customerView, in its order): written by the database, so Node neither parses ~30 columns
// and the methods of 100 customers nor builds and serialises their objects. Patient fields are null with
// patient_fields_hidden = whether the row has a patient record (hasPatientRecord); the service opens them for
// a caller who may see them. vc: the customer, target: the merchant (name_json).
const isPatientRecord = sql`(vc.patient_number_enc is not null or vc.patient_first_name_enc is not null
    or vc.patient_last_name_enc is not null)`;

// An address's fields, in the answer's order: the customer's billing_ and shipping_ fields (the
// columns of the same names; a method's billing_address object is written in migration 0020).
const addressFields = ['region', 'locality', 'address_line_1', 'address_line_2', 'country', 'postal_code'];
const addressEntries = (prefix: 'billing_' | 'shipping_') =>
  addressFields.map((field) => [`${prefix}${field}`, jsonOf(sql.raw(`vc.${prefix}${field}`))] as const);

const customerJson = jsonObjectText([
  ['id', quoted(sql`vc.id`)],
  ['first_name', jsonOf(sql`vc.first_name`)],
  ['last_name', jsonOf(sql`vc.last_name`)],
  ['email', jsonOf(sql`vc.email`)],
  ['phone_number', jsonOf(sql`vc.phone_number`)],
  ['merchant_name', sql`target.name_json`],
  ['client', jsonObjectText([['id', quoted(sql`vc.client_id`)]])],
  ['has_customer', 'true'],
  ['patient_number', 'null'],
  ['patient_first_name', 'null'],
  ['patient_last_name', 'null'],
  ['patient_fields_hidden', sql`case when ${isPatientRecord} then 'true' else 'false' end`],
  ['external_id', jsonOf(sql`vc.external_id`)],
  ...addressEntries('billing_'),
  ...addressEntries('shipping_'),
  // As stored (jsonb's own text).
  ['payment_request_meta', sql`vc.payment_request_meta::text`],
  // Written by the database whenever a method or the billing address changes (migration 0020).
  ['payment_methods', sql`'[' || vc.methods_json || ']'`],
]);

// The search as one statement: the merchant's row (what the answer shows of it, whether the caller
// is a member of it itself, and its access facts when the access layer has not decided on it) and
// the customers found, each as its answer's JSON text (customerJson), in one row; no row: no such
// merchant. The texts come joined by newlines (JSON as to_json and jsonb write it holds none: they
// escape it) with their count, and the place and sealed columns of those with a patient record: one
// row of ~100 KB costs the driver less than 101 rows, and the session statement that carries a
// prefetched search then carries one row, not 101 (bench/vault-search). Each search term is a
// branch that reads at most `limit` entries of its own index (schema/vault.ts) already in order; a customer matched by
// several keeps its best branch. Order: last-name matches, first-name, e-mail, external id, patient
// number; within a branch by the indexed key. A term not given is null and its branch reads nothing.
// bind names the caller, the merchant and the caller's side of the patient rule (placeholders, or
// the session's columns when the search is prefetched with it).
function searchStatement(shape: SearchShape, limit: number, bind: SearchBinding = placeholderBinding): SQL {
  const { userId } = bind;
  const facts = shape.undecided ? merchantAccessFactsSql('merchant', bind.clientId, userId) : null;
  const target = sql`(${facts ? sql`with recursive ${facts.ctes} ` : sql``}select c.name, to_json(c.name)::text as name_json, c.public_key,
      coalesce(cc.has_patient_information_in_vault, false) as has_patients,
      exists (select 1 from memberships mb where mb.user_id = ${userId} and mb.client_id = c.id) as is_member,
      ${facts ? sql`${facts.column}::text` : sql`null::text`} as facts,
      ${facts ? sql`${bind.reachesEveryMerchant} or exists (select 1 from merchant_governing)` : sql`true`} as is_reached
    from clients c left join client_configs cc on cc.client_id = c.id
    where c.id = ${bind.clientId}) target`;
  const key = {
    lastName: sql`lower(last_name) collate "C"`,
    firstName: sql`lower(first_name) collate "C"`,
    email: sql`lower(email) collate "C"`,
  };
  const none = sql`''::text collate "C"`;
  const branch = (rank: number, k1: SQL, k2: SQL, where: SQL | null) =>
    sql`(select id, ${sql.raw(String(rank))} as rank, ${k1} as k1, ${k2} as k2 from vault_customers
          where target.is_reached and client_id = ${bind.clientIdUnseen}${where === null ? sql`` : sql` and ${where}`}
          order by ${k1}, ${k2}, id limit ${sql.raw(String(limit))})`;
  const prefix = (field: (typeof prefixFields)[number], index: number) =>
    sql`${key[field]} >= ${unseen(`${field}From`, 'text')}${shape.bounded[index] ? sql` and ${key[field]} < ${unseen(`${field}To`, 'text')}` : sql``}`;
  const branches = shape.listsAll
    ? [branch(1, key.lastName, key.firstName, null)]
    : [
        branch(1, key.lastName, key.firstName, prefix('lastName', 0)),
        branch(2, key.firstName, key.lastName, prefix('firstName', 1)),
        branch(3, key.email, none, prefix('email', 2)),
        branch(4, none, none, sql`external_id = ${unseen('externalId', 'text')}`),
        branch(
          5,
          none,
          none,
          sql`patient_number_hash = ${unseen('patientNumberHash', 'text')} and target.has_patients and target.is_member${bind.patientGate ? sql` and ${bind.patientGate}` : sql``}`,
        ),
      ];
  return sql`select target.name as merchant_name, target.public_key as merchant_public_key,
      target.has_patients as merchant_has_patients, target.is_member as merchant_is_member,
      target.facts as merchant_facts, found.customers, found.customer_count, found.patients
    from ${target}
    left join lateral (select string_agg(${customerJson}, E'\n' order by best.place) as customers,
        count(*)::int as customer_count,
        (json_agg(json_build_array(best.place, vc.id, vc.patient_number_enc, vc.patient_first_name_enc,
          vc.patient_last_name_enc) order by best.place) filter (where ${isPatientRecord}))::text as patients
      from (select id, row_number() over (order by rank, k1, k2, id) as place from (
          select distinct on (id) id, rank, k1, k2 from (${sql.join(branches, sql` union all `)}) hits
           order by id, rank
        ) found order by rank, k1, k2, id limit ${sql.raw(String(limit))}) best
      join vault_customers vc on vc.id = best.id) found on true`;
}

// Built once per shape (building a statement costs more CPU than reading its answer) and sent by
// name (db/named-statement.ts): PostgreSQL parses it once per connection and, its values out of the
// planner's sight, keeps one plan of it.
const searchStatements = shapedStatements();

function builtSearchStatement(shape: SearchShape, limit: number): Query {
  return searchStatements(`${shape.undecided}:${shape.listsAll}:${shape.bounded.join(':')}:${limit}`, () =>
    searchStatement(shape, limit),
  );
}

// The answer's rows are read field by field (drizzle's row mapping cost more than the statement's
// own parsing): each value is checked to be what its column holds.
function textOf(row: SqlRow, column: string): string | null {
  const value = row[column];
  if (value === null || typeof value === 'string') return value;
  throw new Error(`The vault search answered a non-text ${column}`);
}

function requiredTextOf(row: SqlRow, column: string): string {
  const value = textOf(row, column);
  if (value === null) throw new Error(`The vault search answered no ${column}`);
  return value;
}

function booleanOf(row: SqlRow, column: string): boolean {
  const value = row[column];
  if (typeof value !== 'boolean') throw new Error(`The vault search answered a non-boolean ${column}`);
  return value;
}

// The sealed patient columns of a found customer (all null without a patient record).
export type VaultSealedPatient = Pick<
  VaultCustomerFields,
  'patientNumberEnc' | 'patientFirstNameEnc' | 'patientLastNameEnc'
>;

// A found customer with a patient record: its place in the answer (0 first), id and sealed columns.
export type VaultSearchPatient = { index: number; id: string; sealed: VaultSealedPatient };

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function patientsOf(row: SqlRow): VaultSearchPatient[] {
  const text = textOf(row, 'patients');
  if (text === null) return [];
  const list: unknown = JSON.parse(text);
  if (!Array.isArray(list)) throw new Error('The vault search answered patients that are not a list');
  return list.map((entry: unknown) => {
    if (Array.isArray(entry)) {
      const [place, id, number, first, last] = entry;
      if (
        Number.isInteger(place) &&
        typeof id === 'string' &&
        textOrNull(number) &&
        textOrNull(first) &&
        textOrNull(last)
      ) {
        return {
          index: Number(place) - 1,
          id,
          sealed: { patientNumberEnc: number, patientFirstNameEnc: first, patientLastNameEnc: last },
        };
      }
    }
    throw new Error('The vault search answered a patient record it does not know');
  });
}

export type VaultSearchAnswer = {
  merchant: {
    id: string;
    name: string;
    publicKey: string | null;
    hasPatientInformationInVault: boolean;
    isMember: boolean;
  };
  // Read only when the input was undecided.
  facts: MerchantAccessFacts | null;
  // The found customers' answer JSON texts, one a line, in the answer's order (up to the limit): a
  // JSON text as the statement writes it holds no line break. Empty when none was found.
  customers: string;
  customerCount: number;
  // Those of them with a patient record.
  patients: VaultSearchPatient[];
};

// The statement's shape and values for a search.
function searchShapeAndValues(
  undecided: boolean,
  terms: VaultSearchTerms | null,
): { shape: SearchShape; values: Record<string, unknown> } {
  const ranges = prefixFields.map((field) => {
    const text = terms?.[`${field}Prefix`];
    return text === undefined ? null : prefixRangeOf(text);
  });
  const values: Record<string, unknown> = {
    externalId: terms?.externalId ?? null,
    patientNumberHash: terms?.patientNumberHash ?? null,
  };
  for (const [index, field] of prefixFields.entries()) {
    values[`${field}From`] = ranges[index]?.from ?? null;
    values[`${field}To`] = ranges[index]?.to ?? null;
  }
  return {
    shape: {
      undecided,
      listsAll: terms === null,
      bounded: [ranges[0]?.to !== null, ranges[1]?.to !== null, ranges[2]?.to !== null],
    },
    values,
  };
}

function lineCountOf(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

// The statement's answer: undefined when it found no such merchant (no row, or a prefetched row
// without one).
function searchAnswerOf(rows: readonly SqlRow[], input: VaultSearchInput): VaultSearchAnswer | undefined {
  const [first] = rows;
  if (!first || first.merchant_name === null) return undefined;
  const facts = textOf(first, 'merchant_facts');
  const customers = textOf(first, 'customers') ?? '';
  const count = first.customer_count;
  if (typeof count !== 'number' || lineCountOf(customers) !== count) {
    throw new Error('The vault search answered another number of customers than it wrote');
  }
  return {
    merchant: {
      id: input.clientId,
      name: requiredTextOf(first, 'merchant_name'),
      publicKey: textOf(first, 'merchant_public_key'),
      hasPatientInformationInVault: booleanOf(first, 'merchant_has_patients'),
      isMember: booleanOf(first, 'merchant_is_member'),
    },
    facts: input.undecided === null || facts === null ? null : parseMerchantAccessFacts(JSON.parse(facts)),
    customers,
    customerCount: count,
    patients: patientsOf(first),
  };
}

// For speed, the merchant, its access facts when needed, and the customers found with their
// saved methods in one statement, one round trip. undefined: no such merchant.
export async function searchVaultCustomers(
  executor: Executor,
  input: VaultSearchInput,
  limit: number,
): Promise<VaultSearchAnswer | undefined> {
  const { shape, values } = searchShapeAndValues(input.undecided !== null, input.terms);
  const rows = await queryRowsNamed(executor, builtSearchStatement(shape, limit), {
    ...values,
    clientId: input.clientId,
    userId: input.userId,
    reachesEveryMerchant: input.undecided?.reachesEveryMerchant ?? false,
  });
  return searchAnswerOf(rows, input);
}

// ---- The search sent with the session (one round trip per request) ---------------------------

// What a prefetched search was asked with besides the session: the merchant named in the request
// (null: the session's view-as client, else the user's default one), whether the access layer
// decides on it (it does on a named one), and the terms with the patient number hash whenever a
// patient number was given (the statement applies the caller's side of the patient rule itself).
export type SpeculativeVaultSearch = {
  namedClientId: string | null;
  terms: VaultSearchTerms | null;
};

function speculativeKeyOf(undecided: boolean, terms: VaultSearchTerms | null, limit: number): string {
  return JSON.stringify({ undecided, terms, limit });
}

// The roles that reach every merchant (rbac canReachEveryMerchant), as the statement's guess of the
// caller's side of the patient rule and of the undecided reach; prefetchedVaultSearch checks both
// guesses against the service's own rule before the rows are used.
export function vaultSearchPrefetch(
  search: SpeculativeVaultSearch,
  everyMerchantRoles: readonly string[],
  limit: number,
): SessionPrefetch {
  const named = search.namedClientId !== null;
  // A named merchant is decided by the access layer (the route's merchant selector).
  const undecided = !named;
  const { shape, values } = searchShapeAndValues(undecided, search.terms);
  const shapeName = `vault-search:${named}:${shape.undecided}:${shape.listsAll}:${shape.bounded.join(':')}:${limit}:${everyMerchantRoles.join(',')}`;
  return {
    shape: shapeName,
    key: speculativeKeyOf(undecided, search.terms, limit),
    values: named ? { ...values, clientId: search.namedClientId } : values,
    // Built only when the statement of its shape is (once).
    read: (session) => {
      const roles = sql.join(
        everyMerchantRoles.map((role) => sql`${role}`),
        sql`, `,
      );
      return sql`select b.search_client_id::text as search_client_id,
        b.search_reaches_every_merchant, b.search_matches_patients, r.*,
        0 as prefetch_order
      from (select ${named ? sql`${sql.placeholder('clientId')}::uuid` : sql`coalesce(${session.viewAsClientId}, ${session.defaultClientId})`} as search_client_id,
          ${session.userType} in (${roles}) as search_reaches_every_merchant,
          ${session.viewAsClientId} is null and ${session.userType} not in (${roles}) as search_matches_patients
        ) b
      left join lateral (${searchStatement(shape, limit, {
        userId: session.userId,
        clientId: sql`b.search_client_id`,
        clientIdUnseen: sql`(select b.search_client_id)`,
        reachesEveryMerchant: sql`b.search_reaches_every_merchant`,
        patientGate: sql`b.search_matches_patients`,
      })}) r on true`;
    },
  };
}

// The prefetched search's answer when it is exactly the search the service would send now: asked
// with the same terms and decision, for the same merchant, and the statement's guesses of the
// caller's reach and side of the patient rule equal to the service's (mayMatchPatientNumber; terms
// as given, before that rule). null: it is not, and the service asks its own.
export function prefetchedVaultSearch(
  prefetched: { key: string; rows: readonly SqlRow[] } | null,
  input: VaultSearchInput,
  check: { termsAsGiven: VaultSearchTerms | null; mayMatchPatientNumber: boolean },
  limit: number,
): { answer: VaultSearchAnswer | undefined } | null {
  if (prefetched === null) return null;
  if (prefetched.key !== speculativeKeyOf(input.undecided !== null, check.termsAsGiven, limit)) return null;
  const [first] = prefetched.rows;
  if (
    !first ||
    first.search_client_id !== input.clientId ||
    first.search_matches_patients !== check.mayMatchPatientNumber ||
    (input.undecided !== null && first.search_reaches_every_merchant !== input.undecided.reachesEveryMerchant)
  ) {
    return null;
  }
  return { answer: searchAnswerOf(prefetched.rows, input) };
}

// The merchant's customer with this (lowercased) e-mail, the oldest when several share it.
export async function findVaultCustomerByEmail(
  executor: Executor,
  clientId: string,
  email: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ id: vaultCustomers.id })
    .from(vaultCustomers)
    .where(and(eq(vaultCustomers.clientId, clientId), eq(vaultCustomers.email, email)))
    .orderBy(vaultCustomers.createdAt)
    .limit(1);
  return row?.id ?? null;
}

export async function insertVaultCustomer(
  tx: Tx,
  customer: Pick<typeof vaultCustomers.$inferInsert, 'clientId' | 'firstName' | 'lastName' | 'email'>,
): Promise<string> {
  const [row] = await tx.insert(vaultCustomers).values(customer).returning({ id: vaultCustomers.id });
  if (!row) throw new Error('vault customer insert returned nothing');
  return row.id;
}

// ---- Every customer a search matches, page by page (the vault's server export) ------------------

// Where a customer sits in the search's order (searchStatement: its best branch, then that branch's
// keys, then its id). A key is null where its field is (the order puts those last).
export type VaultMatchesPageEnd = { rank: number; k1: string | null; k2: string | null; id: string };

// What the export reads of a found customer: the table's fields, the sealed patient columns and
// the number of saved methods the answer lists (de-duplicated, as methods_json holds them).
export type VaultMatchRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  externalId: string | null;
  methodCount: number;
} & VaultSealedPatient;

export type VaultMatchesInput = {
  clientId: string;
  // null: no search text, every customer of the merchant by last name.
  terms: VaultSearchTerms | null;
};

type MatchBranch = { rank: number; k1: SQL; k2: SQL; where: SQL | null };

// The search's branches with every one of its matches, not a page of each: a term not given has no
// branch (the statement's branch for it reads nothing). The patient number's hash is in the terms
// only when the caller may match it; the merchant's side of that rule is the caller's reach
// (canSeePatients), decided before.
function matchBranchesOf(terms: VaultSearchTerms | null): MatchBranch[] {
  const key = {
    lastName: sql`lower(last_name) collate "C"`,
    firstName: sql`lower(first_name) collate "C"`,
    email: sql`lower(email) collate "C"`,
  };
  const none = sql`''::text collate "C"`;
  if (terms === null) return [{ rank: 1, k1: key.lastName, k2: key.firstName, where: null }];
  const prefix = (field: (typeof prefixFields)[number], text: string | undefined): SQL | null => {
    if (text === undefined) return null;
    const range = prefixRangeOf(text);
    const from = sql`${key[field]} >= ${range.from}`;
    return range.to === null ? from : sql`${from} and ${key[field]} < ${range.to}`;
  };
  const branches: MatchBranch[] = [
    { rank: 1, k1: key.lastName, k2: key.firstName, where: prefix('lastName', terms.lastNamePrefix) },
    { rank: 2, k1: key.firstName, k2: key.lastName, where: prefix('firstName', terms.firstNamePrefix) },
    { rank: 3, k1: key.email, k2: none, where: prefix('email', terms.emailPrefix) },
    {
      rank: 4,
      k1: none,
      k2: none,
      where: terms.externalId === undefined ? null : sql`external_id = ${terms.externalId}`,
    },
    {
      rank: 5,
      k1: none,
      k2: none,
      where:
        terms.patientNumberHash === undefined ? null : sql`patient_number_hash = ${terms.patientNumberHash}`,
    },
  ];
  return branches.filter((branch) => branch.where !== null);
}

// A customer matched by an earlier branch keeps that one (the statement's distinct on its best rank).
function isFirstMatchOf(branch: MatchBranch, branches: readonly MatchBranch[]): SQL {
  const earlier = branches.filter((other) => other.rank < branch.rank && other.where !== null);
  return sql.join(
    [branch.where ?? sql`true`, ...earlier.map((other) => sql`(${other.where}) is not true`)],
    sql` and `,
  );
}

// The order's keys with the nulls (last) made comparable: a row past the page's end.
function isPast(branch: MatchBranch, after: VaultMatchesPageEnd): SQL {
  return sql`(${branch.k1} is null, coalesce(${branch.k1}, ''), ${branch.k2} is null, coalesce(${branch.k2}, ''), id)
    > (${after.k1 === null}::boolean, ${after.k1 ?? ''}::text collate "C", ${after.k2 === null}::boolean,
       ${after.k2 ?? ''}::text collate "C", ${after.id}::uuid)`;
}

const methodCountSql = sql`case when vc.methods_json = '' then 0
  else json_array_length(('[' || vc.methods_json || ']')::json) end`;

function nullableTextOf(row: SqlRow, column: string): string | null {
  const value = row[column];
  if (value === null || typeof value === 'string') return value;
  throw new Error(`The vault export read a non-text ${column}`);
}

function matchRowOf(row: SqlRow): VaultMatchRow & { end: VaultMatchesPageEnd } {
  const id = nullableTextOf(row, 'id');
  const { rank, method_count: methodCount } = row;
  if (id === null || typeof rank !== 'number' || typeof methodCount !== 'number') {
    throw new Error('The vault export read a customer it does not know');
  }
  return {
    id,
    firstName: nullableTextOf(row, 'first_name'),
    lastName: nullableTextOf(row, 'last_name'),
    email: nullableTextOf(row, 'email'),
    phoneNumber: nullableTextOf(row, 'phone_number'),
    externalId: nullableTextOf(row, 'external_id'),
    patientNumberEnc: nullableTextOf(row, 'patient_number_enc'),
    patientFirstNameEnc: nullableTextOf(row, 'patient_first_name_enc'),
    patientLastNameEnc: nullableTextOf(row, 'patient_last_name_enc'),
    methodCount,
    end: { rank, k1: nullableTextOf(row, 'k1'), k2: nullableTextOf(row, 'k2'), id },
  };
}

// Where the branch of the page's end goes on: past the end among the rows with a first key (the
// index seeks to it rather than filtering every row before it), and among those without one (last).
function seeksPast(branch: MatchBranch, after: VaultMatchesPageEnd): SQL[] {
  const past = isPast(branch, after);
  const withoutKey = sql`${branch.k1} is null and ${past}`;
  return after.k1 === null
    ? [withoutKey]
    : [sql`${branch.k1} >= ${after.k1}::text collate "C" and ${past}`, withoutKey];
}

// One page of every customer the search matches, in the search's order, past the previous page's
// end: each branch gives at most a page (its index order, a limit), so a page never holds more.
export async function vaultMatchesPage(
  executor: Executor,
  input: VaultMatchesInput,
  limit: number,
  after: VaultMatchesPageEnd | undefined,
): Promise<{ rows: VaultMatchRow[]; end: VaultMatchesPageEnd | undefined }> {
  const branches = matchBranchesOf(input.terms);
  const select = (branch: MatchBranch, seek: SQL | null) =>
    sql`(select id, ${sql.raw(String(branch.rank))} as rank, ${branch.k1} as k1, ${branch.k2} as k2
      from vault_customers
      where client_id = ${input.clientId}::uuid and ${isFirstMatchOf(branch, branches)}${seek === null ? sql`` : sql` and ${seek}`}
      order by ${branch.k1}, ${branch.k2}, id limit ${sql.raw(String(limit))})`;
  const read = branches.flatMap((branch) => {
    if (after === undefined || branch.rank > after.rank) return [select(branch, null)];
    if (branch.rank < after.rank) return [];
    return seeksPast(branch, after).map((seek) => select(branch, seek));
  });
  if (read.length === 0) return { rows: [], end: undefined };
  const rows = (
    await queryRows(
      executor,
      sql`select vc.id::text as id, hits.rank, hits.k1, hits.k2, vc.first_name, vc.last_name, vc.email,
          vc.phone_number, vc.external_id, vc.patient_number_enc, vc.patient_first_name_enc,
          vc.patient_last_name_enc, ${methodCountSql} as method_count
        from (${sql.join(read, sql` union all `)}) hits
        join vault_customers vc on vc.id = hits.id
        order by hits.rank, hits.k1, hits.k2, hits.id
        limit ${sql.raw(String(limit))}`,
    )
  ).map(matchRowOf);
  return { rows: rows.map(({ end: _end, ...row }) => row), end: rows.at(-1)?.end };
}

// How many customers the search matches (the export's progress bar).
export async function countVaultMatches(executor: Executor, input: VaultMatchesInput): Promise<number> {
  const branches = matchBranchesOf(input.terms);
  if (branches.length === 0) return 0;
  const matched = sql.join(
    branches.map((branch) => sql`(${branch.where ?? sql`true`}) is true`),
    sql` or `,
  );
  const [row] = await queryRows(
    executor,
    sql`select count(*)::int as count from vault_customers
      where client_id = ${input.clientId}::uuid and (${matched})`,
  );
  const count = row?.count;
  if (typeof count !== 'number') throw new Error('The vault export counted no customers');
  return count;
}
