import {
  type GlobalSearchGroup,
  type GlobalSearchKind,
  globalSearchHitPath,
  globalSearchResponse,
} from '@portico/contracts/search/global-search';
import { GlobalSearchText } from '@portico/contracts/search/global-search-text';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, clientIdNamed, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment } from '../../../test/factories';
import { subEntities } from '../../db/schema/access';
import { enrollments } from '../../db/schema/enrollments';
import { payouts } from '../../db/schema/settlements';
import { vaultCustomers } from '../../db/schema/vault';
import { queryRows } from '../../db/sql-rows';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
// Harbor Lane (Summit), Copper Kettle (Summit) and Harborview Family Dental (another parent).
let harbor = '';
let copper = '';
let dental = '';
let summitBelow = new Set<string>();
const ids: Record<string, string> = {};

async function search(email: string, q: string) {
  const response = await callAs(ctx.app, email, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return globalSearchResponse.parse(response.json()).message.groups;
}

function hitsOf(groups: readonly GlobalSearchGroup[], kind: GlobalSearchKind) {
  return groups.find((group) => group.kind === kind)?.hits ?? [];
}

function idsOf(groups: readonly GlobalSearchGroup[], kind: GlobalSearchKind) {
  return hitsOf(groups, kind).map((hit) => hit.id);
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  const db = ctx.app.db;
  harbor = await defaultClientOf(db, demo.owner);
  copper = await defaultClientOf(db, demo.copperOwner);
  dental = await defaultClientOf(db, demo.dental);
  const summit = await clientIdNamed(db, 'Summit Merchant Services');
  const below = await queryRows(
    db,
    sql`with recursive tree (id) as (
        select id from clients where id = ${summit}::uuid
        union all select c.id from clients c join tree on c.parent_id = tree.id
      ) select id::text as id from tree`,
  );
  summitBelow = new Set(below.map((row) => String(row.id)));
  expect(summitBelow.has(harbor) && summitBelow.has(copper) && !summitBelow.has(dental)).toBe(true);

  const locationOf = async (name: string) => {
    const [row] = await db
      .select({ id: subEntities.id })
      .from(subEntities)
      .where(and(eq(subEntities.clientId, harbor), eq(subEntities.name, name)));
    if (!row) throw new Error(`no location ${name}`);
    return row.id;
  };
  const pearl = await locationOf('Pearl District');
  const alberta = await locationOf('Alberta Arts');
  const at = new Date('2025-09-02T15:00:00.000Z');
  const payment = { last4: '4242', amountCents: 2_450, createdAt: at };
  ids.pearlPayment = await buildCardPayment(db, {
    ...payment,
    clientId: harbor,
    subEntityId: pearl,
    customerEmail: 'zedsearch.pearl@guest.example',
    customerFirstName: 'Avery',
    customerLastName: 'Pearl',
  });
  ids.albertaPayment = await buildCardPayment(db, {
    ...payment,
    clientId: harbor,
    subEntityId: alberta,
    customerEmail: 'zedsearch.alberta@guest.example',
  });
  ids.copperPayment = await buildCardPayment(db, {
    ...payment,
    clientId: copper,
    customerEmail: 'zedsearch.copper@guest.example',
  });
  ids.dentalPayment = await buildCardPayment(db, {
    ...payment,
    clientId: dental,
    customerEmail: 'zedsearch.dental@guest.example',
  });

  const customer = async (clientId: string, firstName: string, email: string) => {
    const [row] = await db
      .insert(vaultCustomers)
      .values({ clientId, firstName, lastName: 'Zedvault', email })
      .returning({ id: vaultCustomers.id });
    if (!row) throw new Error('customer insert returned nothing');
    return row.id;
  };
  ids.harborCustomer = await customer(harbor, 'Robin', 'robin.zedvault@harbor.example');
  ids.copperCustomer = await customer(copper, 'Casey', 'casey.zedvault@copper.example');
  ids.dentalCustomer = await customer(dental, 'Drew', 'drew.zedvault@dental.example');

  const payout = async (clientId: string) => {
    const [row] = await db
      .insert(payouts)
      .values({
        clientId,
        payoutDate: '2025-09-03',
        amountCents: 77_731,
        processor: 'fis',
        statementMonth: '2025-09-01',
        status: 'paid',
      })
      .returning({ id: payouts.id });
    if (!row) throw new Error('payout insert returned nothing');
    return row.id;
  };
  ids.harborPayout = await payout(harbor);
  ids.dentalPayout = await payout(dental);

  const enrollment = async (parentId: string, dbaName: string) => {
    const [row] = await db
      .insert(enrollments)
      .values({ parentId, dbaName, legalName: `${dbaName} LLC` })
      .returning({ id: enrollments.id });
    if (!row) throw new Error('enrollment insert returned nothing');
    return row.id;
  };
  const [dentalParent] = await queryRows(
    db,
    sql`select parent_id::text as id from clients where id = ${dental}::uuid`,
  );
  ids.summitEnrollment = await enrollment(summit, 'Zedwick Bakery');
  ids.otherEnrollment = await enrollment(String(dentalParent?.id), 'Zedwick Florist');
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/search: staff', () => {
  it('finds merchants by name and DBA prefix, with names and words only', async () => {
    const groups = await search(demo.admin, 'copper kett');
    const [hit] = hitsOf(groups, 'merchants');
    expect(hit?.id).toBe(copper);
    expect(hit?.title).toBe('Copper Kettle Bistro');
    expect(hit?.detail).not.toMatch(/[0-9a-f]{8}-/);
  });

  it("finds a merchant's user at any merchant, opening the Users page searching for them", async () => {
    const [hit] = hitsOf(await search(demo.admin, 'jamie'), 'users');
    expect(hit?.detail).toBe(demo.barista);
    expect(hit && globalSearchHitPath(hit)).toBe(`/users?search=${encodeURIComponent(demo.barista)}`);
    expect(hitsOf(await search(demo.admin, 'admin@'), 'users')).toEqual([]);
  });

  it('finds a card payment by last 4 and amount anywhere, and a payout by its amount', async () => {
    const groups = await search(demo.admin, '4242 24.50');
    expect(idsOf(groups, 'transactions').sort()).toEqual(
      [ids.pearlPayment, ids.albertaPayment, ids.copperPayment, ids.dentalPayment].sort(),
    );
    const [hit] = hitsOf(groups, 'transactions');
    expect(hit?.title).toBe('$24.50 · VISA ending 4242');
    expect(hitsOf(groups, 'payouts')).toEqual([]);
    expect(idsOf(await search(demo.admin, '777.31'), 'payouts').sort()).toEqual(
      [ids.harborPayout, ids.dentalPayout].sort(),
    );
  });

  it('opens a transaction by its whole id, which only then shows', async () => {
    const groups = await search(demo.admin, ids.dentalPayment ?? '');
    expect(idsOf(groups, 'transactions')).toEqual([ids.dentalPayment]);
  });

  it('finds enrollments of every parent and vault customers of every merchant', async () => {
    expect(idsOf(await search(demo.admin, 'zedwick'), 'enrollments').sort()).toEqual(
      [ids.summitEnrollment, ids.otherEnrollment].sort(),
    );
    const customers = await search(demo.admin, 'zedvault');
    expect(idsOf(customers, 'customers').sort()).toEqual(
      [ids.harborCustomer, ids.copperCustomer, ids.dentalCustomer].sort(),
    );
    const [robin] = hitsOf(await search(demo.admin, 'robin.zed'), 'customers');
    expect(robin).toMatchObject({
      title: 'Robin Zedvault',
      merchant_id: harbor,
      page_search: 'robin.zedvault@harbor.example',
    });
  });
});

describe('GET /api/search: a parent', () => {
  it('names only rows of its own hierarchy', async () => {
    for (const q of ['4242 24.50', 'zedvault', 'zedsearch', '777.31', 'harbor', 'zedwick']) {
      const groups = await search(demo.reseller, q);
      for (const hit of groups.flatMap((group) => group.hits)) {
        if (hit.kind === 'merchants') expect(summitBelow.has(hit.id), hit.title).toBe(true);
        else if (hit.kind === 'enrollments') expect(hit.id).toBe(ids.summitEnrollment);
        else if (hit.merchant_id !== null) expect(summitBelow.has(hit.merchant_id), hit.title).toBe(true);
      }
    }
    const groups = await search(demo.reseller, '4242 24.50');
    expect(idsOf(groups, 'transactions')).toContain(ids.copperPayment);
    expect(idsOf(groups, 'transactions')).not.toContain(ids.dentalPayment);
  });
});

describe('GET /api/search: merchant users', () => {
  it("an owner finds its own merchant's rows only, and its users", async () => {
    const payments = await search(demo.owner, '4242 24.50');
    expect(idsOf(payments, 'transactions').sort()).toEqual([ids.pearlPayment, ids.albertaPayment].sort());
    expect(idsOf(await search(demo.owner, 'zedvault'), 'customers')).toEqual([ids.harborCustomer]);
    expect(idsOf(await search(demo.owner, '777.31'), 'payouts')).toEqual([ids.harborPayout]);
    const users = hitsOf(await search(demo.owner, 'jamie'), 'users');
    expect(users.map((hit) => hit.detail)).toEqual([demo.barista]);
    expect(hitsOf(await search(demo.copperOwner, 'jamie'), 'users')).toEqual([]);
    expect(idsOf(await search(demo.copperOwner, 'zedvault'), 'customers')).toEqual([ids.copperCustomer]);
  });

  it("a user limited to one location finds only that location's payments, and no kind it lacks", async () => {
    const groups = await search(demo.barista, '4242 24.50');
    expect(idsOf(groups, 'transactions')).toEqual([ids.pearlPayment]);
    expect(idsOf(await search(demo.barista, 'zedsearch.alberta'), 'transactions')).toEqual([]);
    const byEmail = await search(demo.barista, 'zedsearch');
    expect(idsOf(byEmail, 'transactions')).toEqual([ids.pearlPayment]);
    // The cashier holds Reports only of the kinds the box searches.
    expect(byEmail.map((group) => group.kind)).toEqual(['transactions']);
    expect(await search(demo.barista, 'zedvault')).toEqual([]);
    expect(await search(demo.barista, '777.31')).toEqual([]);
  });
});

describe('GET /api/search: a processor-audit user', () => {
  it('finds merchants and transactions only, the kinds of the audit menu', async () => {
    const kinds = new Set<string>();
    for (const q of ['4242 24.50', 'zedvault', 'zedwick', '777.31', 'copper', 'jamie']) {
      for (const group of await search(demo.audit, q)) kinds.add(group.kind);
    }
    expect([...kinds].sort()).toEqual(['merchants', 'transactions']);
  });
});

describe('GET /api/search: bad input', () => {
  it.each([
    ['an empty query', '', GlobalSearchText.Empty],
    ['spaces only', '   ', GlobalSearchText.Empty],
    ['1,000 characters', 'a'.repeat(1000), GlobalSearchText.TooLong],
  ])('refuses %s with a 400 that says why', async (_name, q, message) => {
    const response = await callAs(ctx.app, demo.admin, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it('refuses a missing query, an unknown parameter and a NUL with 400, never 5xx', async () => {
    for (const url of ['/api/search', '/api/search?q=a&x=1', '/api/search?q=ab%00c', '/api/search?q=%00']) {
      const response = await callAs(ctx.app, demo.owner, 'GET', url);
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('takes text that looks like SQL or odd characters as plain text', async () => {
    for (const q of ["'; drop table clients; --", '%_\\', '\u{10FFFF}', 'ü@é', '9'.repeat(100)]) {
      const response = await callAs(ctx.app, demo.owner, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
    }
  });

  it('asks for a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/search?q=harbor' });
    expect(response.statusCode).toBe(401);
  });
});
