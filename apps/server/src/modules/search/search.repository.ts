import { globalSearchHitsPerKind } from '@portico/contracts/search/global-search-text';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ReportScope } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/sql-rows';
import { scopeCondition } from '../reporting/reporting.repository';
import { prefixRangeOf } from '../vault/vault.repository';

// Every branch reads one index range (a C-collated prefix, or an exact key) and stops after a few
// rows; the caller's scope is a condition of the same statement, so no row outside it is read back.

const limit = sql.raw(String(globalSearchHitsPerKind));

// Clients, the merchants a scope names: every client, or a list (location limits do not narrow an
// account, only its transactions).
export type ClientScope = 'all' | readonly string[];

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

function clientIn(scope: ClientScope, column: SQL): SQL {
  if (scope === 'all') return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`${column} in (${idList(scope)})`;
}

// key starts with the text: the range [from, to) under the C collation (prefixRangeOf).
function startsWith(key: SQL, text: string): SQL {
  const range = prefixRangeOf(text);
  return range.to === null
    ? sql`${key} >= ${range.from}`
    : sql`${key} >= ${range.from} and ${key} < ${range.to}`;
}

function unionOf(branches: readonly SQL[]): SQL {
  return sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` union `,
  );
}

const merchantRow = z.object({
  id: z.string(),
  name: z.string(),
  dba_name: z.string().nullable(),
  legal_name: z.string().nullable(),
  level: z.string(),
  mid: z.string().nullable(),
  tax_id_last4: z.string().nullable(),
});
export type MerchantSearchRow = z.infer<typeof merchantRow>;

export type MerchantSearch = { prefix: string; exact: string | null; taxIdLast4: string | null };

export async function searchMerchants(
  executor: Executor,
  scope: ClientScope,
  search: MerchantSearch,
): Promise<MerchantSearchRow[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  const inScope = clientIn(scope, sql`id`);
  const name = sql`lower(name) collate "C"`;
  const dba = sql`lower(dba_name) collate "C"`;
  const branches = [
    sql`select id from clients where ${startsWith(name, search.prefix)} and ${inScope} order by ${name} limit ${limit}`,
    sql`select id from clients where ${startsWith(dba, search.prefix)} and ${inScope} order by ${dba} limit ${limit}`,
  ];
  if (search.exact !== null)
    branches.push(sql`select id from clients where mid = ${search.exact} and ${inScope} limit ${limit}`);
  if (search.taxIdLast4 !== null)
    branches.push(
      sql`select id from clients where tax_id_last4 = ${search.taxIdLast4} and ${inScope} limit ${limit}`,
    );
  const rows = await queryRows(
    executor,
    sql`select c.id, c.name, c.dba_name, c.legal_name, c.level::text as level, c.mid, c.tax_id_last4
      from (${unionOf(branches)}) found join clients c on c.id = found.id
      order by lower(coalesce(c.dba_name, c.name)) collate "C", c.id
      limit ${limit}`,
  );
  return rows.map((row) => merchantRow.parse(row));
}

const transactionRow = z.object({
  id: z.string(),
  client_id: z.string(),
  merchant_name: z.string(),
  created_at: z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString()),
  type: z.string(),
  amount_cents: z.union([z.string(), z.number(), z.bigint()]).transform((value) => Number(value)),
  payment_method: z.string().nullable(),
  card_brand: z.string().nullable(),
  last4: z.string().nullable(),
  customer_first_name: z.string().nullable(),
  customer_last_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  status: z.string().nullable(),
});
export type TransactionSearchRow = z.infer<typeof transactionRow>;

export type TransactionSearch = {
  id: string | null;
  last4WithAmount: { last4: string; amountCents: number } | null;
  emailPrefix: string | null;
};

export async function searchTransactions(
  executor: Executor,
  scope: ReportScope,
  search: TransactionSearch,
): Promise<TransactionSearchRow[]> {
  if (scope.kind === 'clients' && scope.clientIds.length === 0) return [];
  const inScope = scopeCondition(scope, sql`client_id`, sql`sub_entity_id`);
  const branches: SQL[] = [];
  if (search.id !== null)
    branches.push(
      sql`select id, created_at from transactions where id = ${search.id}::uuid and ${inScope} limit ${limit}`,
    );
  if (search.last4WithAmount !== null)
    branches.push(sql`select id, created_at from transactions
      where last4 = ${search.last4WithAmount.last4} and amount_cents = ${search.last4WithAmount.amountCents}
        and ${inScope}
      order by created_at desc limit ${limit}`);
  if (search.emailPrefix !== null) {
    const email = sql`customer_email collate "C"`;
    branches.push(sql`select id, created_at from transactions
      where customer_email is not null and ${startsWith(email, search.emailPrefix)} and ${inScope}
      order by ${email} limit ${limit}`);
  }
  if (branches.length === 0) return [];
  const rows = await queryRows(
    executor,
    sql`select t.id, t.client_id, c.name as merchant_name, t.created_at, t.type::text as type, t.amount_cents,
        t.payment_method, t.card_brand, t.last4, t.customer_first_name, t.customer_last_name,
        t.customer_email, t.status
      from (${unionOf(branches)}) found
      join transactions t on t.id = found.id and t.created_at = found.created_at
      join clients c on c.id = t.client_id
      order by t.created_at desc, t.id
      limit ${limit}`,
  );
  return rows.map((row) => transactionRow.parse(row));
}

const customerRow = z.object({
  id: z.string(),
  client_id: z.string(),
  merchant_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type CustomerSearchRow = z.infer<typeof customerRow>;

// prefix: of the e-mail, the first name or the last name; firstAndLast: two words typed, a first
// name and a last name prefix.
export type CustomerSearch = { prefix: string; firstAndLast: { first: string; last: string } | null };

export async function searchCustomers(
  executor: Executor,
  scope: ClientScope,
  search: CustomerSearch,
): Promise<CustomerSearchRow[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  const inScope = clientIn(scope, sql`client_id`);
  const email = sql`lower(email) collate "C"`;
  const first = sql`lower(first_name) collate "C"`;
  const last = sql`lower(last_name) collate "C"`;
  const branches = [
    sql`select id from vault_customers where ${startsWith(email, search.prefix)} and ${inScope}
      order by ${email} limit ${limit}`,
    sql`select id from vault_customers where ${startsWith(last, search.prefix)} and ${inScope}
      order by ${last} limit ${limit}`,
    sql`select id from vault_customers where ${startsWith(first, search.prefix)} and ${inScope}
      order by ${first} limit ${limit}`,
  ];
  if (search.firstAndLast !== null)
    branches.push(sql`select id from vault_customers
      where ${startsWith(first, search.firstAndLast.first)} and ${startsWith(last, search.firstAndLast.last)}
        and ${inScope}
      order by ${first} limit ${limit}`);
  const rows = await queryRows(
    executor,
    sql`select v.id, v.client_id, c.name as merchant_name, v.first_name, v.last_name, v.email
      from (${unionOf(branches)}) found join vault_customers v on v.id = found.id
      join clients c on c.id = v.client_id
      order by lower(coalesce(v.last_name, v.email, '')) collate "C", v.id
      limit ${limit}`,
  );
  return rows.map((row) => customerRow.parse(row));
}

const userRow = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type UserSearchRow = z.infer<typeof userRow>;

// Whose users: these merchants', or every merchant's (staff, whose Users page searches them all).
export type UserClients = { clientIds: readonly string[] } | 'all';

// The users the Users page lists for these merchants: members of them, staff and contacts left out.
export async function searchUsers(
  executor: Executor,
  clients: UserClients,
  prefix: string,
): Promise<UserSearchRow[]> {
  if (clients !== 'all' && clients.clientIds.length === 0) return [];
  const memberOf = clients === 'all' ? sql`true` : sql`m.client_id in (${idList(clients.clientIds)})`;
  const name = sql`lower(u.name) collate "C"`;
  const email = sql`lower(u.email) collate "C"`;
  const rows = await queryRows(
    executor,
    sql`select u.id, u.name, u.email from users u
      where u.id in (select m.user_id from memberships m where ${memberOf})
        and u.user_type::text not in ('admin', 'healnow', 'contact')
        and ((${startsWith(name, prefix)}) or (${startsWith(email, prefix)}))
      order by ${name}, u.id
      limit ${limit}`,
  );
  return rows.map((row) => userRow.parse(row));
}

const enrollmentRow = z.object({
  id: z.string(),
  dba_name: z.string().nullable(),
  legal_name: z.string().nullable(),
  application_status: z.string().nullable(),
  parent_name: z.string().nullable(),
});
export type EnrollmentSearchRow = z.infer<typeof enrollmentRow>;

// parentIds: the parents whose applications the caller's Onboarding grid lists, or all.
export async function searchEnrollments(
  executor: Executor,
  parentIds: ClientScope,
  prefix: string,
): Promise<EnrollmentSearchRow[]> {
  if (parentIds !== 'all' && parentIds.length === 0) return [];
  const inScope = clientIn(parentIds, sql`parent_id`);
  const dba = sql`lower(dba_name) collate "C"`;
  const legal = sql`lower(legal_name) collate "C"`;
  const rows = await queryRows(
    executor,
    sql`select e.id, e.dba_name, e.legal_name, e.application_status::text as application_status,
        p.name as parent_name
      from (${unionOf([
        sql`select id from enrollments where ${startsWith(dba, prefix)} and ${inScope} order by ${dba} limit ${limit}`,
        sql`select id from enrollments where ${startsWith(legal, prefix)} and ${inScope} order by ${legal} limit ${limit}`,
      ])}) found join enrollments e on e.id = found.id
      left join clients p on p.id = e.parent_id
      order by lower(coalesce(e.dba_name, e.legal_name, '')) collate "C", e.id
      limit ${limit}`,
  );
  return rows.map((row) => enrollmentRow.parse(row));
}

const payoutRow = z.object({
  id: z.string(),
  client_id: z.string(),
  merchant_name: z.string(),
  payout_date: z.string(),
  amount_cents: z.union([z.string(), z.number(), z.bigint()]).transform((value) => Number(value)),
  status: z.string(),
});
export type PayoutSearchRow = z.infer<typeof payoutRow>;

export async function searchPayouts(
  executor: Executor,
  scope: ClientScope,
  amountCents: number,
): Promise<PayoutSearchRow[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  const rows = await queryRows(
    executor,
    sql`select p.id, p.client_id, c.name as merchant_name,
        to_char(p.payout_date, 'YYYY-MM-DD') as payout_date, p.amount_cents, p.status::text as status
      from payouts p join clients c on c.id = p.client_id
      where p.amount_cents = ${amountCents} and ${clientIn(scope, sql`p.client_id`)}
      order by p.payout_date desc, p.id
      limit ${limit}`,
  );
  return rows.map((row) => payoutRow.parse(row));
}
