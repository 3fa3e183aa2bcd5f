import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ExportText } from '@portico/contracts/exports/exports';
import {
  type PayeeSearchResult,
  payeeSearchResponse,
  type VaultCustomer,
} from '@portico/contracts/vault/vault';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo, seedDemoAccounts } from '../../../test/demo-data';
import { exportedCsv } from '../../../test/exports';
import { memberships } from '../../db/schema/access';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { queryRows } from '../../db/sql-rows';
import { createPatientCrypto } from '../vault/vault-patient-fields';
import { csvTextField } from './csv-writer';

// The Vault page's server export: every customer the page's search matches (the page shows the first
// 100), in the page's order and with its table's cells, for those who hold Vault on the merchant, and
// downloaded only while they still do. Never a token, a sealed field or a hidden patient field.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let dataDir = '';
let harbor = '';
let copper = '';
let dental = '';
const zone = 'America/New_York';
// More than one page of the export's reads (1,000 a page) match 'exp': their last names (with
// duplicates, so the first name and the id order them, some first names missing), then first names,
// then e-mails; every 11th has no last name.
const seeded = 1_300;
const searchText = 'exp';
const standardColumns = ['name', 'email', 'phone', 'external_id', 'methods'];
const patientColumns = ['patient_number', 'patient_name', 'account_holder', 'email', 'phone', 'methods'];

const body = (overrides: object = {}) => ({
  merchant_id: harbor,
  format: 'csv',
  params: {},
  columns: standardColumns,
  time_zone: zone,
  ...overrides,
});

// The page's own search: one text in every field.
const paramsOf = (text: string): Record<string, string> =>
  text === ''
    ? {}
    : { external_id: text, first_name: text, last_name: text, email: text, patient_number: text };

async function pageOf(email: string, clientId: string, text: string): Promise<PayeeSearchResult> {
  const query = new URLSearchParams({ ...paramsOf(text), clientid: clientId });
  const res = await callAs(ctx.app, email, 'GET', `/api/payee/all?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return payeeSearchResponse.parse(res.json()).message;
}

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const cell = (text: string | null) => csvTextField(text ?? '');

// A row of the page's table as the export writes it.
function tableLineOf(customer: VaultCustomer, isPatientLayout: boolean): string {
  const hidden = customer.patient_fields_hidden;
  const cells = isPatientLayout
    ? [
        hidden ? 'Hidden' : cell(customer.patient_number),
        hidden ? 'Hidden' : cell(nameOf(customer.patient_first_name, customer.patient_last_name)),
        cell(nameOf(customer.first_name, customer.last_name)),
      ]
    : [cell(nameOf(customer.first_name, customer.last_name))];
  cells.push(cell(customer.email), cell(customer.phone_number));
  if (!isPatientLayout) cells.push(cell(customer.external_id));
  cells.push(String(customer.payment_methods.length));
  return cells.join(',');
}

type StoredCustomer = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  external_id: string | null;
  methods: number;
};

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

// Every customer of the merchant with its distinct saved methods counted, read straight from the tables.
async function storedCustomers(clientId: string): Promise<StoredCustomer[]> {
  const rows = await queryRows(
    ctx.app.db,
    sql`select vc.id::text as id, vc.first_name, vc.last_name, vc.email, vc.phone_number, vc.external_id,
        (select count(*)::int from (select distinct issuer, last4, exp_month, exp_year
           from vault_payment_methods m where m.customer_id = vc.id) d) as methods
      from vault_customers vc where vc.client_id = ${clientId}::uuid`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    first_name: textOrNull(row.first_name),
    last_name: textOrNull(row.last_name),
    email: textOrNull(row.email),
    phone_number: textOrNull(row.phone_number),
    external_id: textOrNull(row.external_id),
    methods: Number(row.methods),
  }));
}

// Ascending, missing keys last (the search's order), by code point (the index's C collation; the
// test's texts are ASCII).
function compareKeys(a: readonly (string | null)[], b: readonly (string | null)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}

// The search's order worked out here: a customer's best match (last name, first name, e-mail, external
// id), then that match's keys, then its id.
function expectedLines(customers: readonly StoredCustomer[], text: string): string[] {
  const lower = (value: string | null) => (value === null ? null : value.toLowerCase());
  const ranked = customers.flatMap((c) => {
    const last = lower(c.last_name);
    const first = lower(c.first_name);
    const email = lower(c.email);
    const keys: (string | null)[] | null =
      text === '' || last?.startsWith(text)
        ? ['1', last, first]
        : first?.startsWith(text)
          ? ['2', first, last]
          : email?.startsWith(text)
            ? ['3', email, '']
            : c.external_id === text
              ? ['4', '', '']
              : null;
    return keys === null ? [] : [{ c, keys: [...keys, c.id] }];
  });
  ranked.sort((a, b) => compareKeys(a.keys, b.keys));
  return ranked.map(({ c }) =>
    [cell(nameOf(c.first_name, c.last_name)), cell(c.email), cell(c.phone_number), cell(c.external_id)]
      .concat(String(c.methods))
      .join(','),
  );
}

async function seedCustomers(clientId: string, emailDomain: string) {
  await ctx.app.db.execute(sql`
    insert into vault_customers (client_id, first_name, last_name, email, phone_number, external_id)
    select ${clientId}::uuid,
           case when n % 3 = 0 then null when n % 7 = 0 then 'Expo' || n else 'Ann' || (n % 13) end,
           case when n % 11 = 0 then null when n % 7 = 0 then 'Zimmer' || n else 'Exp' || (n % 50) end,
           case when n % 13 = 0 then 'exp' || n else 'c' || n end || '@' || ${emailDomain},
           '555-' || lpad(n::text, 4, '0'),
           'EXT-' || n
      from generate_series(1, ${seeded}) as n`);
}

const tokenOf = (n: number) => `VISA-${String(4000 + (n % 1000)).padStart(4, '0')}-12-2031`;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-vault-exports-'));
  ctx = await buildTestApp({ dataDir });
  // Patient fields sealed with the app's own key, as the start-up seed does.
  const cipher = ctx.app.fieldCipher();
  await seedDemoAccounts(ctx.database, {
    encrypt: (plaintext, column) => cipher.encrypt(plaintext, column),
    hashPatientNumber: createPatientCrypto(cipher, ctx.app.dataKey).hashPatientNumber,
  });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  dental = await defaultClientOf(ctx.app.db, demo.dental);
  await seedCustomers(harbor, 'harbor.example');
  await seedCustomers(copper, 'copper.example');
  // Saved methods on every fifth seeded customer, two on every tenth.
  await ctx.app.db.execute(sql`
    insert into vault_payment_methods (customer_id, token, issuer, last4, exp_month, exp_year)
    select vc.id, 'VISA-' || lpad((4000 + (n % 1000))::text, 4, '0') || '-12-2031', 'VISA'::vault_issuer,
           lpad((4000 + (n % 1000))::text, 4, '0'), 12, 2031
      from vault_customers vc, lateral (select substr(vc.external_id, 5)::int as n) x
     where vc.client_id = ${harbor}::uuid and vc.external_id like 'EXT-%' and n % 5 = 0
    union all
    select vc.id, 'BANK-6789', 'BANK'::vault_issuer, '6789', null, null
      from vault_customers vc, lateral (select substr(vc.external_id, 5)::int as n) x
     where vc.client_id = ${harbor}::uuid and vc.external_id like 'EXT-%' and n % 10 = 0`);
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an export of the Customer Vault', () => {
  it("writes every customer the page's search matches, past a page of reads, the page's first 100 first", async () => {
    const { rows } = await exportedCsv(ctx.app, demo.owner, 'vault', body({ params: paramsOf(searchText) }));
    expect(rows[0]).toBe('Name,Email,Phone,External ID,Methods');
    const expected = expectedLines(await storedCustomers(harbor), searchText);
    expect(expected.length).toBeGreaterThan(1_000);
    expect(rows.slice(1)).toEqual(expected);

    const page = await pageOf(demo.owner, harbor, searchText);
    expect(page.is_truncated).toBe(true);
    expect(page.customers).toHaveLength(100);
    expect(rows.slice(1, 101)).toEqual(page.customers.map((customer) => tableLineOf(customer, false)));
    // The search applied: no customer it does not match, none of another merchant.
    expect(rows.some((row) => row.includes('@copper.example'))).toBe(false);
    expect(rows.filter((row) => row.includes('@harbor.example')).length).toBeLessThan(seeded);
  });

  it('writes every customer of the merchant by name without a search, as the page lists them', async () => {
    const { rows } = await exportedCsv(ctx.app, demo.owner, 'vault', body());
    const stored = await storedCustomers(harbor);
    expect(rows.slice(1)).toEqual(expectedLines(stored, ''));
    expect(rows).toHaveLength(1 + stored.length);
    const page = await pageOf(demo.owner, harbor, '');
    expect(rows.slice(1, 101)).toEqual(page.customers.map((customer) => tableLineOf(customer, false)));
    expect(rows.some((row) => row.endsWith(',2'))).toBe(true);
  });

  it('writes no token, card or account digits, sealed field or id', async () => {
    const { rows } = await exportedCsv(
      ctx.app,
      demo.admin,
      'vault',
      body({ params: paramsOf('exp1'), format: 'csv' }),
    );
    const file = rows.join('\n');
    expect(rows.length).toBeGreaterThan(10);
    for (const n of [10, 20, 100, 110]) expect(file).not.toContain(tokenOf(n).slice(5, 9));
    expect(file).not.toContain('VISA');
    expect(file).not.toContain('6789');
    expect(file).not.toContain('v1.');
    expect(file).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('writes the patient layout, patient fields opened for the merchant’s own Vault user (audited) and hidden from staff', async () => {
    const before = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vault.patient_read'), eq(auditLog.actorEmail, demo.dental)));
    const own = await exportedCsv(
      ctx.app,
      demo.dental,
      'vault',
      body({ merchant_id: dental, columns: patientColumns }),
    );
    expect(own.rows[0]).toBe('Patient Number,Patient Name,Account Holder,Email,Phone,Methods');
    const page = await pageOf(demo.dental, dental, '');
    expect(own.rows.slice(1, 1 + page.customers.length)).toEqual(
      page.customers.map((customer) => tableLineOf(customer, true)),
    );
    expect(page.customers.some((customer) => customer.patient_number !== null)).toBe(true);
    const after = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vault.patient_read'), eq(auditLog.actorEmail, demo.dental)));
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.some((entry) => JSON.stringify(entry.details).includes('"via":"export"'))).toBe(true);

    const staff = await exportedCsv(
      ctx.app,
      demo.admin,
      'vault',
      body({ merchant_id: dental, columns: patientColumns }),
    );
    const staffPage = await pageOf(demo.admin, dental, '');
    expect(staff.rows.slice(1, 1 + staffPage.customers.length)).toEqual(
      staffPage.customers.map((customer) => tableLineOf(customer, true)),
    );
    expect(staff.rows.some((row) => row.startsWith('Hidden,Hidden,'))).toBe(true);
    for (const customer of page.customers) {
      if (customer.patient_number !== null)
        expect(staff.rows.join('\n')).not.toContain(customer.patient_number);
    }
  });

  it('refuses any sort: the table has none of its own, so the export keeps the search’s order (422)', async () => {
    for (const colId of ['name', 'email', 'methods']) {
      for (const sort of ['asc', 'desc']) {
        const res = await callAs(
          ctx.app,
          demo.owner,
          'POST',
          '/api/exports/vault',
          body({ params: paramsOf(searchText), sort_model: [{ colId, sort }] }),
        );
        expect(res.statusCode, `${colId} ${sort}`).toBe(422);
        expect(res.json().error.message).toBe(ExportText.SortNotSupported([]));
      }
    }
  });

  it("is refused for another merchant's vault (403)", async () => {
    const foreign = await callAs(ctx.app, demo.copperOwner, 'POST', '/api/exports/vault', body());
    expect(foreign.statusCode).toBe(403);
    const other = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      '/api/exports/vault',
      body({ merchant_id: copper }),
    );
    expect(other.statusCode).toBe(403);
  });

  it("refuses a column the table does not have, or the other layout's (400)", async () => {
    for (const columns of [['name', 'token'], ['name', 'patient_number'], ['created_at']]) {
      const res = await callAs(ctx.app, demo.owner, 'POST', '/api/exports/vault', body({ columns }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(ExportText.UnknownColumn);
    }
    const params = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      '/api/exports/vault',
      body({ params: { clientid: copper } }),
    );
    expect(params.statusCode).toBe(400);
  });

  it('refuses the download once the requester no longer reaches the merchant (403)', async () => {
    const { id } = await exportedCsv(ctx.app, demo.owner, 'vault', body({ columns: ['name'] }));
    const [owner] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, demo.owner));
    await ctx.app.db.delete(memberships).where(eq(memberships.userId, owner?.id ?? ''));
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${id}/download`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ExportText.AccessLost);
  });
});
