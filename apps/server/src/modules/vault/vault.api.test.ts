import {
  payeeSearchResponse,
  VaultText,
  vaultCustomerPatchResponse,
  vaultCustomerResponse,
  vaultCustomerSchema,
  whoamiResponse,
} from '@portico/contracts/vault/vault';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf, sessionCookieFor, shiftSession } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo, seedDemoAccounts } from '../../../test/demo-data';
import { resolveRequestSession, resolveSession } from '../../access/request-session';
import type { Tx } from '../../db/client';
import { clientConfigs, clients } from '../../db/schema/clients';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';
import { queryRows } from '../../db/sql-rows';
import { endSession } from '../session/session.service';
import { listVaultMethods, saveVaultMethod, searchVaultCustomers } from './vault.repository';
import {
  customerView,
  type PayeeSearchParts,
  payeeSearchResponseBytes,
  searchVault,
  vaultSearchPrefetchOf,
} from './vault.service';
import {
  createPatientCrypto,
  hasPatientRecord,
  openPatientFields,
  type PatientCrypto,
  sealPatientFields,
} from './vault-patient-fields';

// The vault on the demo cast. Harborview Family Dental keeps patient data (its
// front desk holds Vault); Harbor Lane Coffee does not; Copper Kettle's owner is the foreign merchant.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let crypto: PatientCrypto;
let dental = '';
let harbor = '';

type CustomerRow = typeof vaultCustomers.$inferSelect;

async function customersOf(clientId: string): Promise<CustomerRow[]> {
  return ctx.app.db
    .select()
    .from(vaultCustomers)
    .where(eq(vaultCustomers.clientId, clientId))
    .orderBy(asc(vaultCustomers.id));
}

async function rawCustomer(id: string): Promise<CustomerRow> {
  const [row] = await ctx.app.db.select().from(vaultCustomers).where(eq(vaultCustomers.id, id));
  if (!row) throw new Error(`no vault customer ${id}`);
  return row;
}

async function firstPatientOf(clientId: string): Promise<CustomerRow> {
  const [row] = (await customersOf(clientId)).filter((c) => c.patientNumberEnc !== null && c.lastName);
  if (!row) throw new Error('no patient customer');
  return row;
}

function patientNumberOf(row: CustomerRow): string {
  if (row.patientNumberEnc === null) throw new Error('no patient number');
  return crypto.cipher.decrypt(row.patientNumberEnc, 'vault_customers.patient_number_enc');
}

async function patientReads(actorEmail: string) {
  return ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'vault.patient_read'), eq(auditLog.actorEmail, actorEmail)));
}

// A search's answer as the route writes it, read back through the contract.
const answerOf = (parts: PayeeSearchParts) =>
  payeeSearchResponse.parse(JSON.parse(payeeSearchResponseBytes(parts).toString('utf8'))).message;

const search = (email: string, query: string) => callAs(ctx.app, email, 'GET', `/api/payee/all?${query}`);
const every = (text: string) =>
  ['external_id', 'first_name', 'last_name', 'email', 'patient_number']
    .map((key) => `${key}=${encodeURIComponent(text)}`)
    .join('&');

beforeAll(async () => {
  ctx = await buildTestApp();
  crypto = createPatientCrypto(ctx.app.fieldCipher(), ctx.app.dataKey);
  // Sealed with the app's own key, as the start-up seed does.
  const cipher = ctx.app.fieldCipher();
  await seedDemoAccounts(ctx.database, {
    encrypt: (plaintext, column) => cipher.encrypt(plaintext, column),
    hashPatientNumber: crypto.hashPatientNumber,
  });
  dental = await defaultClientOf(ctx.app.db, demo.dental);
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
});

afterAll(async () => {
  await ctx?.close();
});

describe('patient fields at rest', () => {
  it('holds no plaintext: sealed columns and a keyed hash, the table has no plaintext patient column', async () => {
    const columns = await queryRows(
      ctx.app.db,
      sql`select column_name::text from information_schema.columns
          where table_name = 'vault_customers' and column_name like 'patient%' order by column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      'patient_first_name_enc',
      'patient_last_name_enc',
      'patient_number_enc',
      'patient_number_hash',
    ]);
    const row = await firstPatientOf(dental);
    expect(row.patientNumberEnc).toMatch(/^v1\./);
    expect(row.patientFirstNameEnc).toMatch(/^v1\./);
    expect(row.patientLastNameEnc).toMatch(/^v1\./);
    const number = patientNumberOf(row);
    expect(JSON.stringify(row)).not.toContain(number);
    expect(row.patientNumberHash).toBe(crypto.hashPatientNumber(number));
    expect(row.patientNumberHash).not.toContain(number);
  });
});

describe('GET /api/payee/all', () => {
  it("finds a merchant's own customers by a prefix of the last name, any case, with patient fields for its Vault users, and audits that read", async () => {
    const patient = await firstPatientOf(dental);
    const before = (await patientReads(demo.dental)).length;
    const prefix = (patient.lastName ?? '').slice(0, 3).toUpperCase();
    const res = await search(demo.dental, every(prefix));
    expect(res.statusCode).toBe(200);
    const body = payeeSearchResponse.parse(res.json()).message;
    expect(body.client).toMatchObject({
      id: dental,
      name: 'Harborview Family Dental',
      has_patient_information_in_vault: true,
    });
    // The front desk holds Virtual Terminal: the links get the merchant's publishable key.
    expect(body.client.public_key).toEqual(expect.any(String));
    const found = body.customers.find((c) => c.id === patient.id);
    expect(found?.patient_number).toBe(patientNumberOf(patient));
    expect(found?.patient_fields_hidden).toBe(false);
    expect(body.customers.every((c) => c.client.id === dental)).toBe(true);
    expect(
      body.customers.every(
        (c) =>
          (c.last_name ?? '').toLowerCase().startsWith(prefix.toLowerCase()) ||
          (c.first_name ?? '').toLowerCase().startsWith(prefix.toLowerCase()) ||
          (c.email ?? '').startsWith(prefix.toLowerCase()),
      ),
    ).toBe(true);
    const reads = await patientReads(demo.dental);
    expect(reads.length).toBe(before + 1);
    const ids = reads.at(-1)?.details?.customer_ids;
    expect(Array.isArray(ids) && ids.includes(patient.id)).toBe(true);
  });

  it('answers a Vault user naming its own merchant (clientid: the access layer decides) as without it, patient number match and fields included', async () => {
    const patient = await firstPatientOf(dental);
    const text = every(patientNumberOf(patient));
    const own = payeeSearchResponse.parse((await search(demo.dental, text)).json()).message;
    const res = await search(demo.dental, `${text}&clientid=${dental}`);
    expect(res.statusCode).toBe(200);
    const named = payeeSearchResponse.parse(res.json()).message;
    expect(named).toEqual(own);
    expect(named.customers.map((c) => c.id)).toEqual([patient.id]);
    expect(named.customers[0]?.patient_number).toBe(patientNumberOf(patient));
  });

  it('matches the patient number and the external id exactly, never by prefix', async () => {
    const patient = await firstPatientOf(dental);
    const number = patientNumberOf(patient);
    const exact = payeeSearchResponse.parse(
      (await search(demo.dental, every(number.toLowerCase()))).json(),
    ).message;
    expect(exact.customers.map((c) => c.id)).toEqual([patient.id]);
    const partial = payeeSearchResponse.parse(
      (await search(demo.dental, every(number.slice(0, 4)))).json(),
    ).message;
    expect(partial.customers.map((c) => c.id)).not.toContain(patient.id);

    const [withExternal] = (await customersOf(dental)).filter((c) => c.externalId !== null);
    if (!withExternal?.externalId) throw new Error('no customer with an external id');
    const byExternal = payeeSearchResponse.parse(
      (await search(demo.dental, every(withExternal.externalId))).json(),
    );
    expect(byExternal.message.customers.map((c) => c.id)).toContain(withExternal.id);
    const byExternalPrefix = payeeSearchResponse.parse(
      (await search(demo.dental, `external_id=${withExternal.externalId.slice(0, 6)}`)).json(),
    );
    expect(byExternalPrefix.message.customers.map((c) => c.id)).not.toContain(withExternal.id);
  });

  it('matches no patient number, named merchant or not, once the merchant keeps no patient information', async () => {
    const patient = await firstPatientOf(dental);
    const number = encodeURIComponent(patientNumberOf(patient));
    const found = await search(demo.dental, `patient_number=${number}&clientid=${dental}`);
    expect(payeeSearchResponse.parse(found.json()).message.customers.map((c) => c.id)).toEqual([patient.id]);
    const setPatientInformation = (value: boolean) =>
      ctx.app.db
        .update(clientConfigs)
        .set({ hasPatientInformationInVault: value })
        .where(eq(clientConfigs.clientId, dental));
    await setPatientInformation(false);
    try {
      for (const query of [`patient_number=${number}`, `patient_number=${number}&clientid=${dental}`]) {
        const res = await search(demo.dental, query);
        expect(res.statusCode).toBe(200);
        expect(payeeSearchResponse.parse(res.json()).message.customers).toEqual([]);
      }
    } finally {
      await setPatientInformation(true);
    }
  });

  it('finds by a prefix of the e-mail and takes % and _ literally', async () => {
    const [customer] = (await customersOf(dental)).filter((c) => c.email);
    const email = customer?.email ?? '';
    const res = payeeSearchResponse.parse(
      (await search(demo.dental, `email=${encodeURIComponent(email.slice(0, 5))}`)).json(),
    );
    expect(res.message.customers.map((c) => c.id)).toContain(customer?.id);
    const wild = payeeSearchResponse.parse((await search(demo.dental, every('%'))).json());
    expect(wild.message.customers).toEqual([]);
    const underscore = payeeSearchResponse.parse((await search(demo.dental, every('_'))).json());
    expect(underscore.message.customers).toEqual([]);
  });

  it('shows staff the customers with patient fields hidden, ignores a patient-number search from them and audits no patient read', async () => {
    const patient = await firstPatientOf(dental);
    const before = (await patientReads(demo.admin)).length;
    const res = await search(demo.admin, `${every((patient.lastName ?? '').slice(0, 3))}&clientid=${dental}`);
    expect(res.statusCode).toBe(200);
    const found = payeeSearchResponse.parse(res.json()).message.customers.find((c) => c.id === patient.id);
    expect(found).toMatchObject({
      patient_number: null,
      patient_first_name: null,
      patient_last_name: null,
      patient_fields_hidden: true,
    });
    const byNumber = await search(
      demo.admin,
      `patient_number=${patientNumberOf(patient)}&clientid=${dental}`,
    );
    expect(payeeSearchResponse.parse(byNumber.json()).message.customers.map((c) => c.id)).not.toContain(
      patient.id,
    );
    expect((await patientReads(demo.admin)).length).toBe(before);
  });

  it("answers each found customer's saved methods from the search statement itself, newest first, with created_at", async () => {
    const [customer] = (await customersOf(harbor)).filter((c) => c.lastName);
    if (!customer) throw new Error('Harbor Lane has no named vault customer');
    const stored = await ctx.app.db
      .select()
      .from(vaultPaymentMethods)
      .where(eq(vaultPaymentMethods.customerId, customer.id));
    expect(stored.length).toBeGreaterThan(0);
    const res = await search(demo.owner, `last_name=${encodeURIComponent(customer.lastName ?? '')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Sent as text (no serialiser in between): the contract holds it, with no key it does not name.
    const json: unknown = res.json();
    const answer = payeeSearchResponse.parse(json);
    expect(answer).toEqual(json);
    const found = answer.message.customers.find((c) => c.id === customer.id);
    const methods = found?.payment_methods ?? [];
    expect(methods.map((m) => m.id).sort()).toEqual(stored.map((m) => m.id).sort());
    for (const method of methods) {
      const row = stored.find((m) => m.id === method.id);
      expect(method).toMatchObject({
        token: row?.token.split('-').slice(1).join('-'),
        last4: row?.last4,
        exp_month: row?.expMonth,
        exp_year: row?.expYear,
        created_at: row?.createdAt.toISOString(),
      });
    }
    const times = methods.map((m) => m.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("refuses another merchant's vault", async () => {
    const res = await search(demo.copperOwner, `last_name=a&clientid=${dental}`);
    expect(res.statusCode).toBe(403);
  });

  it('decides on a merchant the access layer did not decide on from the facts read with the search, and reads none of its customers for a caller who does not reach it', async () => {
    const [copper] = await ctx.app.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, demo.copperOwner));
    if (!copper) throw new Error('no Copper Kettle owner');
    const deps = { db: ctx.app.db, patientCrypto: crypto, now: () => new Date() };
    const session = {
      sessionId: 'test',
      userId: copper.id,
      role: 'user' as const,
      email: copper.email,
      viewAsClientId: null,
      mimickedByUserId: null,
      mimickedByRole: null,
      isProcessorAuditUser: false,
      isAwaitingSecondFactor: false,
      isEnrollingSecondFactor: false,
      hasRecentSecondFactor: false,
    };
    // As if the caller's default merchant were one it has no membership on or above.
    await expect(
      searchVault(
        deps,
        { session, origin: { ip: null, userAgent: null }, defaultClientId: dental },
        {
          last_name: 'a',
        },
      ),
    ).rejects.toMatchObject({ kind: 'forbidden', message: 'You do not have access to this merchant' });
    const asked = { clientId: dental, userId: copper.id, terms: null };
    const foreign = await searchVaultCustomers(
      ctx.app.db,
      { ...asked, undecided: { reachesEveryMerchant: false } },
      10,
    );
    expect(foreign?.facts?.membershipClientId).toBeNull();
    expect(foreign?.customers).toBe('');
    // Staff reach every merchant: the same statement reads its customers for them.
    const staff = await searchVaultCustomers(
      ctx.app.db,
      { ...asked, undecided: { reachesEveryMerchant: true } },
      10,
    );
    expect(staff?.customerCount).toBe(Math.min(10, (await customersOf(dental)).length));
  });
});

// For speed, the route sends its search with the session statement; the rows are used only
// once the access layer and the service allowed the request, and only when they answer the search
// the service would send itself.
describe('GET /api/payee/all, the search sent with the session', () => {
  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

  // A prefix that finds some of the merchant's customers.
  const prefixOf = async (clientId: string) => {
    const [customer] = (await customersOf(clientId)).filter((c) => c.lastName);
    return (customer?.lastName ?? '').slice(0, 2);
  };

  it.each([
    ['its own merchant', demo.owner, async () => `last_name=${await prefixOf(harbor)}`],
    [
      'its own merchant, named',
      demo.owner,
      async () => `${every(await prefixOf(harbor))}&clientid=${harbor}`,
    ],
    ['patient fields and number', demo.dental, async () => every(await prefixOf(dental))],
    [
      'staff, a patient number ignored',
      demo.admin,
      async () => `${every(await prefixOf(dental))}&clientid=${dental}`,
    ],
    ['every customer', demo.dental, async () => ''],
  ])('answers %s exactly as the service asking on its own', async (_case, email, queryOf) => {
    const cookie = await sessionCookieFor(ctx.app.db, email);
    const query = await queryOf();
    const res = await callAs(ctx.app, email, 'GET', `/api/payee/all?${query}`, undefined, cookie);
    expect(res.statusCode).toBe(200);
    const session = await resolveSession(ctx.app.db, tokenOf(cookie));
    if (!session) throw new Error('no session');
    const parsed = Object.fromEntries(new URLSearchParams(query));
    const own = answerOf(
      await searchVault(
        { db: ctx.app.db, patientCrypto: crypto, now: () => new Date() },
        { session, origin: { ip: null, userAgent: null } },
        parsed,
      ),
    );
    const answer = payeeSearchResponse.parse(res.json()).message;
    expect(answer).toEqual(own);
    expect(answer.customers.length).toBeGreaterThan(0);
  });

  it('never uses rows read for another merchant, even asked with the same terms: the service asks its own', async () => {
    const copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
    const query = { last_name: await prefixOf(copper) };
    // What the route read for Copper Kettle's owner searching its own vault (its default merchant).
    const copperRead = await resolveRequestSession(
      ctx.app.db,
      tokenOf(await sessionCookieFor(ctx.app.db, demo.copperOwner)),
      { merchantId: null, viewedClientId: null, permissionAnywhere: true },
      vaultSearchPrefetchOf(query, crypto),
    );
    const [read] = copperRead?.prefetched?.rows ?? [];
    const readFor =
      typeof read?.customers === 'string'
        ? read.customers.split('\n').map((text) => vaultCustomerSchema.parse(JSON.parse(text)).client.id)
        : [];
    expect(readFor.length).toBeGreaterThan(0);
    expect(readFor.every((clientId) => clientId === copper)).toBe(true);
    // Handed to Harbor Lane's owner asking the same (its own default merchant): not used.
    const ownerSession = await resolveSession(
      ctx.app.db,
      tokenOf(await sessionCookieFor(ctx.app.db, demo.owner)),
    );
    if (!ownerSession) throw new Error('no session');
    const deps = { db: ctx.app.db, patientCrypto: crypto, now: () => new Date() };
    const caller = { session: ownerSession, origin: { ip: null, userAgent: null } };
    const given = answerOf(await searchVault(deps, caller, query, copperRead?.prefetched ?? null));
    expect(given).toEqual(answerOf(await searchVault(deps, caller, query)));
    expect(given.client.id).toBe(harbor);
    expect(given.customers.every((customer) => customer.client.id === harbor)).toBe(true);
  });

  it('answers 401 and no customer to a revoked and to an expired session', async () => {
    const [customer] = (await customersOf(harbor)).filter((c) => c.lastName);
    const lastName = customer?.lastName ?? '';
    expect(lastName).not.toBe('');
    const revoked = await sessionCookieFor(ctx.app.db, demo.owner);
    await endSession(ctx.app.db, tokenOf(revoked));
    const expired = await sessionCookieFor(ctx.app.db, demo.owner);
    await shiftSession(ctx.app.db, expired, { expiresInMinutes: -1 });
    for (const cookie of [revoked, expired]) {
      const res = await callAs(
        ctx.app,
        demo.owner,
        'GET',
        `/api/payee/all?${every(lastName)}`,
        undefined,
        cookie,
      );
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain(lastName);
      expect(res.body).not.toContain('customers');
    }
  });

  it('answers 403 and no customer to a user without Vault on the merchant, and to one naming a foreign merchant', async () => {
    const [customer] = (await customersOf(harbor)).filter((c) => c.lastName);
    const lastName = customer?.lastName ?? '';
    // The reseller's role above Harbor Lane does not grant Vault (authorization matrix).
    const withoutVault = await search(demo.reseller, `${every(lastName)}&clientid=${harbor}`);
    expect(withoutVault.statusCode).toBe(403);
    const [patient] = (await customersOf(dental)).filter((c) => c.lastName);
    const foreign = await search(demo.copperOwner, `${every(patient?.lastName ?? '')}&clientid=${dental}`);
    expect(foreign.statusCode).toBe(403);
    for (const res of [withoutVault, foreign]) {
      expect(res.body).not.toContain('customers');
      expect(res.body).not.toContain(lastName);
      expect(res.body).not.toContain(patient?.lastName ?? '');
    }
  });

  it('refuses the processor-audit user (403): no customer, no patient read audited', async () => {
    const patient = await firstPatientOf(dental);
    const before = (await patientReads(demo.audit)).length;
    const res = await search(
      demo.audit,
      `last_name=${(patient.lastName ?? '').slice(0, 3)}&patient_number=${patientNumberOf(patient)}&clientid=${dental}`,
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('customers');
    expect(res.body).not.toContain(patient.lastName ?? '');
    expect((await patientReads(demo.audit)).length).toBe(before);
    const one = await callAs(ctx.app, demo.audit, 'GET', `/api/v1/vault/${patient.id}`);
    expect(one.statusCode).toBe(403);
    expect(one.body).not.toContain(patient.lastName ?? '');
  });
});

describe('GET /api/v1/vault/{customerId}', () => {
  it('answers the customer and its saved methods, tokens without their first segment, each with its billing address', async () => {
    const [customer] = await customersOf(harbor);
    if (!customer) throw new Error('Harbor Lane has no vault customer');
    const methods = await ctx.app.db
      .select()
      .from(vaultPaymentMethods)
      .where(eq(vaultPaymentMethods.customerId, customer.id));
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/v1/vault/${customer.id}`);
    expect(res.statusCode).toBe(200);
    const body = vaultCustomerResponse.parse(res.json()).message;
    expect(body.methods.map((m) => m.id).sort()).toEqual(methods.map((m) => m.id).sort());
    for (const method of body.methods) {
      const stored = methods.find((m) => m.id === method.id);
      expect(method.token).toBe(stored?.token.split('-').slice(1).join('-'));
      expect(method.billing_address.address_line_1).toBe(customer.billingAddressLine1);
      expect(method.billing_address.postal_code).toBe(customer.billingPostalCode);
    }
    expect(res.body).not.toContain(`"${methods[0]?.token}"`);
  });

  it("is not found for another merchant's customer, a customer that does not exist", async () => {
    const [customer] = await customersOf(dental);
    expect((await callAs(ctx.app, demo.copperOwner, 'GET', `/api/v1/vault/${customer?.id}`)).statusCode).toBe(
      404,
    );
    const missing = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      '/api/v1/vault/00000000-0000-4000-8000-00000000a0a0',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(VaultText.CustomerNotFound);
  });

  it('keeps one of two methods of the same issuer, last four and expiry', async () => {
    const [customer] = await customersOf(harbor);
    if (!customer) throw new Error('Harbor Lane has no vault customer');
    const card = {
      customerId: customer.id,
      issuer: 'VISA' as const,
      last4: '4242',
      expMonth: 7,
      expYear: 2031,
    };
    const first = await ctx.app.db.transaction((tx) =>
      saveVaultMethod(tx, { ...card, token: 'VISA-4242-07-2031' }),
    );
    const second = await ctx.app.db.transaction((tx) =>
      saveVaultMethod(tx, { ...card, token: 'VISA-4242-07-2031' }),
    );
    expect(second).toBe(first);
    const body = vaultCustomerResponse.parse(
      (await callAs(ctx.app, demo.owner, 'GET', `/api/v1/vault/${customer.id}`)).json(),
    );
    expect(body.message.methods.filter((m) => m.token === '4242-07-2031')).toHaveLength(1);
  });
});

describe('PATCH /api/v1/vault/{id}', () => {
  it("saves a customer's e-mail (lowercased), audits the change and answers the customer", async () => {
    const [customer] = await customersOf(harbor);
    if (!customer) throw new Error('Harbor Lane has no vault customer');
    const res = await callAs(ctx.app, demo.owner, 'PATCH', `/api/v1/vault/${customer.id}`, {
      email: 'New.Address@Example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(vaultCustomerPatchResponse.parse(res.json()).message.email).toBe('new.address@example.com');
    expect((await rawCustomer(customer.id)).email).toBe('new.address@example.com');
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vault.customer_update'), eq(auditLog.targetId, customer.id)));
    expect(entry?.details).toEqual({ fields: ['email'] });
    expect(entry?.actorEmail).toBe(demo.owner);
  });

  const refusals: [string, () => Promise<{ email: string; id: string; body: object }>, number, string][] = [
    [
      'a blank first name',
      async () => ({
        email: demo.owner,
        id: (await customersOf(harbor))[1]?.id ?? '',
        body: { first_name: '  ' },
      }),
      400,
      VaultText.NameRequired,
    ],
    [
      'a blank last name',
      async () => ({
        email: demo.owner,
        id: (await customersOf(harbor))[1]?.id ?? '',
        body: { last_name: '' },
      }),
      400,
      VaultText.NameRequired,
    ],
    [
      'an invalid e-mail',
      async () => ({
        email: demo.owner,
        id: (await customersOf(harbor))[1]?.id ?? '',
        body: { email: 'not-an-address' },
      }),
      400,
      VaultText.EmailInvalid,
    ],
    [
      'no customer data',
      async () => ({ email: demo.owner, id: (await customersOf(harbor))[1]?.id ?? '', body: {} }),
      400,
      VaultText.NoCustomerData,
    ],
    [
      "another merchant's customer",
      async () => ({
        email: demo.copperOwner,
        id: (await customersOf(harbor))[1]?.id ?? '',
        body: { first_name: 'Mallory' },
      }),
      404,
      VaultText.CustomerNotFound,
    ],
    [
      'patient fields from staff',
      async () => ({
        email: demo.admin,
        id: (await firstPatientOf(dental)).id,
        body: { patient_number: 'P-1' },
      }),
      403,
      'You do not have permission to do this',
    ],
  ];
  it.each(
    refusals,
  )('refuses %s with a clear error and changes nothing', async (_name, setup, status, message) => {
    const { email, id, body } = await setup();
    const before = await rawCustomer(id);
    const res = await callAs(ctx.app, email, 'PATCH', `/api/v1/vault/${id}`, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(await rawCustomer(id)).toEqual(before);
  });

  it('refuses an unknown field (strict body) and changes nothing', async () => {
    const [, customer] = await customersOf(harbor);
    if (!customer) throw new Error('Harbor Lane has too few vault customers');
    const res = await callAs(ctx.app, demo.owner, 'PATCH', `/api/v1/vault/${customer.id}`, {
      first_name: 'Ok',
      client_id: dental,
    });
    expect(res.statusCode).toBe(400);
    expect(await rawCustomer(customer.id)).toEqual(customer);
  });

  it("lets the merchant's Vault user change a patient number: sealed, and found by its new number only", async () => {
    const patient = await firstPatientOf(dental);
    const oldNumber = patientNumberOf(patient);
    const res = await callAs(ctx.app, demo.dental, 'PATCH', `/api/v1/vault/${patient.id}`, {
      patient_number: 'P-NEW-77',
    });
    expect(res.statusCode).toBe(200);
    expect(vaultCustomerPatchResponse.parse(res.json()).message.patient_number).toBe('P-NEW-77');
    const raw = await rawCustomer(patient.id);
    expect(JSON.stringify(raw)).not.toContain('P-NEW-77');
    const byNew = payeeSearchResponse.parse((await search(demo.dental, 'patient_number=p-new-77')).json());
    expect(byNew.message.customers.map((c) => c.id)).toEqual([patient.id]);
    const byOld = payeeSearchResponse.parse(
      (await search(demo.dental, `patient_number=${oldNumber}`)).json(),
    );
    expect(byOld.message.customers.map((c) => c.id)).not.toContain(patient.id);
  });
});

describe('GET /api/whoami', () => {
  it('answers the user, their first name and what they may do in their merchant', async () => {
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, demo.dental));
    const res = await callAs(ctx.app, demo.dental, 'GET', '/api/whoami');
    expect(res.statusCode).toBe(200);
    const body = whoamiResponse.parse(res.json()).message;
    expect(body).toMatchObject({
      email: demo.dental,
      name: user?.name,
      first_name: user?.name.split(' ')[0],
    });
    expect(body.merchant?.id).toBe(dental);
    expect(body.merchant?.permissions_configured).toBe(true);
    expect(body.merchant?.has_patient_information_in_vault).toBe(true);
    expect(body.merchant?.granted_permissions.map((p) => p.name)).toContain('Virtual Terminal');
    expect(body.merchant?.granted_permissions.map((p) => p.name)).not.toContain('Permissions');
  });

  it('refuses a merchant the caller does not reach', async () => {
    const res = await callAs(ctx.app, demo.copperOwner, 'GET', `/api/whoami?clientid=${dental}`);
    expect(res.statusCode).toBe(403);
  });
});

// For speed, the search's customers are written by the database (vault.repository.ts
// customerJson); the single-customer reads build them in Node (customerView). The two must give the
// same answer, over every kind of value a customer and its methods can hold.
describe('GET /api/payee/all, each customer as the database writes it', () => {
  // Last names (or a first name) starting "Zq": the search 'zq' finds exactly these.
  const ids = {
    full: '00000000-0000-4000-8000-00000000f001',
    bare: '00000000-0000-4000-8000-00000000f002',
    partial: '00000000-0000-4000-8000-00000000f003',
    harborPatient: '00000000-0000-4000-8000-00000000f004',
    harborNoLastName: '00000000-0000-4000-8000-00000000f005',
  };
  const method = (n: number) => `00000000-0000-4000-8000-00000000e0${String(n).padStart(2, '0')}`;
  const awkward = `O'Brien "Q" \\ back\\slash Zoë 𝄞 line\nbreak\u2028sep\ttab\u0001ctl`;

  beforeAll(async () => {
    // The table's unique constraint keeps a second method of one issuer, last four and expiry out;
    // the answer de-duplicates on its own too (as withoutDuplicateSavedMethods), which only rows the
    // constraint would refuse can show. Dropped in this file's own database for these tests.
    await ctx.app.db.execute(
      sql`alter table vault_payment_methods drop constraint vault_payment_methods_dedup_unique`,
    );
    const sealed = (number: string | null, first: string | null, last: string | null) =>
      sealPatientFields(crypto, { patientNumber: number, patientFirstName: first, patientLastName: last });
    await ctx.app.db.insert(vaultCustomers).values([
      {
        id: ids.full,
        clientId: dental,
        firstName: `Zoë ${awkward}`,
        lastName: `Zqa ${awkward}`,
        email: 'zqa.full@example.com',
        phoneNumber: '+1 (206) 555-0101',
        externalId: `ZQ-EXT "1"`,
        billingRegion: 'WA',
        billingLocality: `Seattle\u2028North`,
        billingAddressLine1: '1 "Main" St\\',
        billingAddressLine2: `Suite 2\nBack`,
        billingCountry: 'US',
        billingPostalCode: '98101',
        shippingRegion: 'OR',
        shippingLocality: 'Portland',
        shippingAddressLine1: '9 Side Rd',
        shippingAddressLine2: 'Unit ü',
        shippingCountry: 'US',
        shippingPostalCode: '97201',
        paymentRequestMeta: {
          note: `a\u2028b "c"`,
          customFields: { ref: 'R-1', n: 2, nested: { x: [1, null] } },
        },
        ...sealed('P-ZQ-1', 'Pat "Zq"', `Patient ${awkward}`),
      },
      // Every nullable field null but the last name it is found by.
      { id: ids.bare, clientId: dental, lastName: 'Zqb' },
      // A patient record with one of its three fields.
      {
        id: ids.partial,
        clientId: dental,
        firstName: 'Pia',
        lastName: 'Zqc',
        // A newline in the stored JSON: jsonb writes it escaped (the answer's texts are joined by newlines).
        paymentRequestMeta: { note: 'no custom fields\nsecond line' },
        ...sealed(null, 'Only first', null),
      },
      // Harbor Lane keeps no patient information; a stray patient record there stays hidden.
      {
        id: ids.harborPatient,
        clientId: harbor,
        firstName: 'Hal',
        lastName: 'Zqd',
        ...sealed('P-ZQ-4', 'Hal', 'Zqd'),
      },
      // Found by its first name: every other nullable field null, the last name too.
      { id: ids.harborNoLastName, clientId: harbor, firstName: 'Zqf' },
    ]);
    const card = (
      n: number,
      customerId: string,
      token: string,
      issuer: 'VISA' | 'MC' | 'BANK',
      last4: string,
      exp: [number, number] | null,
    ) => ({
      id: method(n),
      customerId,
      token,
      issuer,
      last4,
      expMonth: exp?.[0] ?? null,
      expYear: exp?.[1] ?? null,
    });
    await ctx.app.db.insert(vaultPaymentMethods).values([
      card(1, ids.full, 'VISA-4242-07-2031', 'VISA', '4242', [7, 2031]),
      // Older, same identity: not shown.
      card(2, ids.full, 'VISA-older', 'VISA', '4242', [7, 2031]),
      // Same identity and time as 1, a greater id: not shown.
      card(3, ids.full, 'VISA-tie', 'VISA', '4242', [7, 2031]),
      card(4, ids.full, 'MASTERCARD', 'MC', '5454', [1, 2030]),
      card(5, ids.full, 'BANK-', 'BANK', '6789', null),
      // Same bank account (no expiry), older: not shown.
      card(6, ids.full, 'BANK-older-6789', 'BANK', '6789', null),
      card(7, ids.full, '-leading-dash', 'VISA', '1111', [12, 2029]),
      card(8, ids.partial, 'MC-5555-a-b-c', 'MC', '5555', [2, 2032]),
      card(9, ids.harborPatient, 'VISA-4000-01-2030', 'VISA', '4000', [1, 2030]),
      // Older, same identity: not shown.
      card(10, ids.harborPatient, 'VISA-4000-older', 'VISA', '4000', [1, 2030]),
    ]);
    // Times with microseconds, set as text (a Date holds milliseconds only).
    const times: [number, string][] = [
      [1, '2026-03-04 05:06:07.9995+00'],
      [2, '2026-03-04 05:06:07.9994+00'],
      [3, '2026-03-04 05:06:07.9995+00'],
      [4, '2026-03-04 23:59:59.999999+00'],
      [5, '2026-03-03 00:00:00.000999+00'],
      [6, '2026-03-02 12:00:00.123456+00'],
      [7, '2025-12-31 23:59:59.9999+00'],
      [8, '2026-01-01 00:00:00+00'],
      [9, '2026-02-03 04:05:06.4996+00'],
      [10, '2026-02-03 04:05:06.4995+00'],
    ];
    for (const [n, time] of times) {
      await ctx.app.db.execute(
        sql`update vault_payment_methods set created_at = ${time}::timestamptz where id = ${method(n)}::uuid`,
      );
    }
  });

  afterAll(async () => {
    await ctx.app.db.delete(vaultCustomers).where(sql`${vaultCustomers.id} in ${Object.values(ids)}`);
    await ctx.app.db.execute(
      sql`alter table vault_payment_methods add constraint vault_payment_methods_dedup_unique
          unique nulls not distinct (customer_id, issuer, last4, exp_month, exp_year)`,
    );
  });

  // What the Node builders answer for the customers found: the stored rows and their methods as
  // the single-customer reads take them, patient fields opened or not as the caller is told.
  async function builtInNode(customerIds: readonly string[], merchantName: string, opensPatients: boolean) {
    const rows = await ctx.app.db
      .select()
      .from(vaultCustomers)
      .where(sql`${vaultCustomers.id} in ${[...customerIds]}`);
    const methods = await listVaultMethods(ctx.app.db, customerIds);
    return customerIds.map((id) => {
      const row = rows.find((r) => r.id === id);
      if (!row) throw new Error(`no customer ${id}`);
      const opened = opensPatients && hasPatientRecord(row) ? openPatientFields(crypto, row) : null;
      return customerView(
        row,
        merchantName,
        methods.filter((m) => m.customerId === id),
        opened && {
          number: opened.patientNumber,
          firstName: opened.patientFirstName,
          lastName: opened.patientLastName,
        },
      );
    });
  }

  async function merchantNameOf(clientId: string): Promise<string> {
    const [row] = await ctx.app.db
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, clientId));
    if (!row) throw new Error(`no client ${clientId}`);
    return row.name;
  }

  async function searched(email: string, query: string) {
    const res = await search(email, query);
    expect(res.statusCode).toBe(200);
    const json: unknown = JSON.parse(res.body);
    const answer = payeeSearchResponse.parse(json);
    // No key the contract does not name.
    expect(answer).toEqual(json);
    return answer.message;
  }

  it('answers a patient merchant to its Vault user as the Node builders do, patient fields opened and the read audited', async () => {
    const before = (await patientReads(demo.dental)).length;
    const answer = await searched(demo.dental, every('zq'));
    const found = answer.customers.map((c) => c.id);
    expect([...found].sort()).toEqual([ids.full, ids.bare, ids.partial].sort());
    expect(answer.customers).toEqual(await builtInNode(found, await merchantNameOf(dental), true));
    const full = answer.customers.find((c) => c.id === ids.full);
    expect(full).toMatchObject({
      last_name: `Zqa ${awkward}`,
      patient_number: 'P-ZQ-1',
      patient_last_name: `Patient ${awkward}`,
      patient_fields_hidden: false,
    });
    expect(full?.payment_methods.map((m) => [m.id, m.token, m.created_at])).toEqual([
      [method(4), 'MASTERCARD', '2026-03-04T23:59:59.999Z'],
      [method(1), '4242-07-2031', '2026-03-04T05:06:07.999Z'],
      [method(5), '', '2026-03-03T00:00:00.000Z'],
      [method(7), 'leading-dash', '2025-12-31T23:59:59.999Z'],
    ]);
    expect(answer.customers.find((c) => c.id === ids.partial)).toMatchObject({
      patient_number: null,
      patient_first_name: 'Only first',
      patient_fields_hidden: false,
      payment_methods: [{ token: '5555-a-b-c' }],
    });
    expect(answer.customers.find((c) => c.id === ids.bare)).toMatchObject({
      first_name: null,
      payment_request_meta: {},
      payment_methods: [],
      patient_fields_hidden: false,
    });
    const reads = await patientReads(demo.dental);
    expect(reads.length).toBe(before + 1);
    expect(reads.at(-1)?.details).toEqual({
      customer_ids: found.filter((id) => id === ids.full || id === ids.partial),
    });
  });

  it('answers the same customers to staff with patient fields hidden, as the Node builders do', async () => {
    const answer = await searched(demo.admin, `${every('zq')}&clientid=${dental}`);
    const found = answer.customers.map((c) => c.id);
    expect([...found].sort()).toEqual([ids.full, ids.bare, ids.partial].sort());
    expect(answer.customers).toEqual(await builtInNode(found, await merchantNameOf(dental), false));
    expect(answer.customers.map((c) => [c.id, c.patient_fields_hidden, c.patient_number])).toEqual(
      found.map((id) => [id, id !== ids.bare, null]),
    );
  });

  it('answers the first 100 of 101 found, in order, and says the answer is truncated', async () => {
    const many = Array.from({ length: 101 }, (_, index) => ({
      clientId: harbor,
      lastName: `Zzt ${String(index).padStart(3, '0')}`,
      email: `zzt.${index}@example.com`,
    }));
    const rows = await ctx.app.db.insert(vaultCustomers).values(many).returning({ id: vaultCustomers.id });
    try {
      const answer = await searched(demo.owner, `last_name=zzt`);
      expect(answer.is_truncated).toBe(true);
      expect(answer.customers.map((c) => c.last_name)).toEqual(many.slice(0, 100).map((c) => c.lastName));
      const found = answer.customers.map((c) => c.id);
      expect(answer.customers).toEqual(await builtInNode(found, await merchantNameOf(harbor), false));
      const exact = await searched(demo.owner, `last_name=${encodeURIComponent('zzt 0')}`);
      expect(exact.is_truncated).toBe(false);
      expect(exact.customers).toHaveLength(100);
    } finally {
      await ctx.app.db
        .delete(vaultCustomers)
        .where(sql`${vaultCustomers.id} in ${rows.map((row) => row.id)}`);
    }
  });

  it('answers a merchant without patient information as the Node builders do, a stray patient record hidden', async () => {
    const answer = await searched(demo.owner, every('zq'));
    const found = answer.customers.map((c) => c.id);
    expect([...found].sort()).toEqual([ids.harborPatient, ids.harborNoLastName].sort());
    expect(answer.customers).toEqual(await builtInNode(found, await merchantNameOf(harbor), false));
    expect(answer.customers.find((c) => c.id === ids.harborPatient)).toMatchObject({
      patient_number: null,
      patient_fields_hidden: true,
      payment_methods: [{ id: method(9), token: '4000-01-2030', created_at: '2026-02-03T04:05:06.499Z' }],
    });
    expect(answer.customers.find((c) => c.id === ids.harborNoLastName)).toMatchObject({
      last_name: null,
      email: null,
      patient_fields_hidden: false,
    });
  });
  // The owner's 'zq' search of Harbor Lane, held equal to the Node builders' answer.
  const harborSearchAsBuilt = async () => {
    const answer = await searched(demo.owner, every('zq'));
    expect(answer.customers).toEqual(
      await builtInNode(
        answer.customers.map((c) => c.id),
        await merchantNameOf(harbor),
        false,
      ),
    );
    return answer;
  };

  // For speed, the methods' text is kept on the customer by the database (migration 0020).
  it("keeps each customer's methods as the Node builders write them through every write: a method added, changed and deleted, the billing address edited", async () => {
    const harborAnswer = async () => {
      const answer = await harborSearchAsBuilt();
      const found = answer.customers.find((c) => c.id === ids.harborNoLastName);
      if (!found) throw new Error('Zqf not found');
      return found;
    };
    // Two methods in one statement, then one changed, then one deleted.
    await ctx.app.db.insert(vaultPaymentMethods).values([
      {
        id: method(20),
        customerId: ids.harborNoLastName,
        token: 'VISA-4111-05-2031',
        issuer: 'VISA',
        last4: '4111',
        expMonth: 5,
        expYear: 2031,
      },
      {
        id: method(21),
        customerId: ids.harborNoLastName,
        token: 'MC-5100-06-2032',
        issuer: 'MC',
        last4: '5100',
        expMonth: 6,
        expYear: 2032,
      },
    ]);
    expect((await harborAnswer()).payment_methods.map((m) => m.id).sort()).toEqual([method(20), method(21)]);
    await ctx.app.db
      .update(vaultPaymentMethods)
      .set({ token: 'VISA-4111-renewed', expYear: 2033 })
      .where(eq(vaultPaymentMethods.id, method(20)));
    expect((await harborAnswer()).payment_methods.find((m) => m.id === method(20))).toMatchObject({
      token: '4111-renewed',
      exp_year: 2033,
    });
    await ctx.app.db.delete(vaultPaymentMethods).where(eq(vaultPaymentMethods.id, method(21)));
    expect((await harborAnswer()).payment_methods.map((m) => m.id)).toEqual([method(20)]);
    // The billing address, edited through the API, is the method's too.
    const res = await callAs(ctx.app, demo.owner, 'PATCH', `/api/v1/vault/${ids.harborNoLastName}`, {
      billing_postal_code: '98052',
      billing_locality: 'Redmond "East"',
    });
    expect(res.statusCode).toBe(200);
    expect((await harborAnswer()).payment_methods[0]?.billing_address).toMatchObject({
      postal_code: '98052',
      locality: 'Redmond "East"',
    });
    // A write of the text itself is refused in effect: the database writes it again.
    await ctx.app.db.execute(
      sql`update vault_customers set methods_json = 'tampered' where id = ${ids.harborNoLastName}::uuid`,
    );
    expect((await harborAnswer()).payment_methods.map((m) => m.id)).toEqual([method(20)]);
  });

  it('writes the text of each customer a statement touched once: a changed method its customer, a method moved to another customer both', async () => {
    // Rows of vault_customers this transaction has updated so far (PostgreSQL's own count).
    const customersUpdated = async (tx: Tx) => {
      const [row] = await queryRows(
        tx,
        sql`select n_tup_upd::int as n from pg_stat_xact_user_tables where relname = 'vault_customers'`,
      );
      return Number(row?.n ?? 0);
    };
    const updatesOf = (change: (tx: Tx) => Promise<unknown>) =>
      ctx.app.db.transaction(async (tx) => {
        const before = await customersUpdated(tx);
        await change(tx);
        return (await customersUpdated(tx)) - before;
      });
    expect(
      await updatesOf((tx) =>
        tx
          .update(vaultPaymentMethods)
          .set({ expMonth: 7 })
          .where(eq(vaultPaymentMethods.id, method(20))),
      ),
    ).toBe(1);
    expect(
      await updatesOf((tx) =>
        tx
          .update(vaultPaymentMethods)
          .set({ customerId: ids.harborPatient })
          .where(eq(vaultPaymentMethods.id, method(20))),
      ),
    ).toBe(2);
    const answer = await harborSearchAsBuilt();
    const methodsOf = (id: string) => answer.customers.find((c) => c.id === id)?.payment_methods ?? [];
    expect(methodsOf(ids.harborNoLastName)).toEqual([]);
    expect(methodsOf(ids.harborPatient).map((m) => [m.id, m.exp_month])).toContainEqual([method(20), 7]);
  });
});
