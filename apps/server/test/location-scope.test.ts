import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subEntities, userSubEntities } from '../src/db/schema/access';
import { users } from '../src/db/schema/users';
import { defaultClientOf, sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo } from './demo-data';
import { buildCardPayment } from './factories';

// A user tied to sub-locations sees and acts on only those locations'
// transactions (report, Load All, search, receipts, dashboard figures, void and refund); a user
// tied to none sees all of the merchant's.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harbor: string;
const payments: Record<'pearl' | 'alberta' | 'none', string> = { pearl: '', alberta: '', none: '' };
const locations: Record<'pearl' | 'alberta', string> = { pearl: '', alberta: '' };
let barista: string;
let owner: string;
let manager: string;
const day = '2026-06-10';
const at = new Date(`${day}T15:00:00.000Z`);

async function locationId(name: string): Promise<string> {
  const [row] = await ctx.app.db
    .select({ id: subEntities.id })
    .from(subEntities)
    .where(and(eq(subEntities.clientId, harbor), eq(subEntities.name, name)));
  if (!row) throw new Error(`no location ${name}`);
  return row.id;
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  locations.pearl = await locationId('Pearl District');
  locations.alberta = await locationId('Alberta Arts');
  payments.pearl = await buildCardPayment(ctx.app.db, {
    clientId: harbor,
    createdAt: at,
    subEntityId: locations.pearl,
  });
  payments.alberta = await buildCardPayment(ctx.app.db, {
    clientId: harbor,
    createdAt: at,
    subEntityId: locations.alberta,
    amountCents: 2_500,
  });
  payments.none = await buildCardPayment(ctx.app.db, { clientId: harbor, createdAt: at, amountCents: 700 });
  barista = await sessionCookieFor(ctx.app.db, demo.barista);
  owner = await sessionCookieFor(ctx.app.db, demo.owner);
  // The owner's colleague with every permission, tied to Alberta Arts only.
  const [ownerRow] = await ctx.app.db.select().from(users).where(eq(users.email, demo.owner));
  if (!ownerRow) throw new Error('no owner');
  const email = `alberta-${randomUUID().slice(0, 6)}@harborlanecoffee.example`;
  const [colleague] = await ctx.app.db
    .insert(users)
    .values({ email, name: 'Alberta Manager', userType: 'user', defaultClientId: harbor })
    .returning();
  if (!colleague) throw new Error('no colleague');
  await ctx.app.db.execute(
    // The owner's membership (and so role) copied to the colleague.
    `insert into memberships (user_id, client_id, role_id)
     select '${colleague.id}', client_id, role_id from memberships where user_id = '${ownerRow.id}'`,
  );
  await ctx.app.db.insert(userSubEntities).values({ userId: colleague.id, subEntityId: locations.alberta });
  manager = await sessionCookieFor(ctx.app.db, email);
});
afterAll(() => ctx.close());

function get(cookie: string, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie } });
}

async function reportIds(cookie: string): Promise<string[]> {
  const res = await get(cookie, `/api/v1/report?start=${day}&end=${day}&size=100`);
  expect(res.statusCode).toBe(200);
  return (
    JSON.stringify(res.json()).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []
  );
}

async function loadAllIds(cookie: string): Promise<string[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/report?start=${day}&end=${day}&is_portal_request=true`,
    headers: { cookie, accept: 'application/x-ndjson' },
  });
  expect(res.statusCode).toBe(200);
  return res.body.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
}

function search(cookie: string, locationIds?: string[]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/report/search',
    headers: { cookie },
    payload: {
      start_date: `${day}T00:00:00.000Z`,
      end_date: `${day}T23:59:59.999Z`,
      ...(locationIds ? { location_ids: locationIds } : {}),
    },
  });
}

describe('a user tied to a location', () => {
  it("sees only that location's transactions in the report and in Load All", async () => {
    for (const ids of [await reportIds(barista), await loadAllIds(barista)]) {
      expect(ids).toContain(payments.pearl);
      expect(ids).not.toContain(payments.alberta);
      expect(ids).not.toContain(payments.none);
    }
  });

  it('searches its location, and is refused a location it is not tied to', async () => {
    const own = await search(barista, [locations.pearl]);
    expect(own.statusCode).toBe(200);
    expect(JSON.stringify(own.json())).toContain(payments.pearl);
    const all = await search(barista);
    expect(JSON.stringify(all.json())).not.toContain(payments.alberta);
    const foreign = await search(barista, [locations.alberta]);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('A location in this search is outside your reach.');
  });

  it("gets no receipt or report row of another location's transaction", async () => {
    expect((await get(barista, `/api/v1/receipt?id=${payments.alberta}`)).statusCode).toBe(404);
    expect((await get(barista, `/api/v1/receipt?id=${payments.pearl}`)).statusCode).toBe(200);
    expect((await get(barista, `/api/v1/report/transaction?id=${payments.alberta}`)).statusCode).toBe(404);
  });

  it("counts only its location's payments in the dashboard figures", async () => {
    const mine = await get(manager, `/api/stats?start=${day}&end=${day}`);
    const all = await get(owner, `/api/stats?start=${day}&end=${day}`);
    expect(mine.statusCode).toBe(200);
    expect(all.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).not.toEqual(JSON.stringify(all.json()));
  });

  it("cannot refund another location's transaction, and can refund its own", async () => {
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/refund',
      headers: { cookie: manager, 'idempotency-key': randomUUID() },
      payload: { id: payments.pearl, amount: '1.00' },
    });
    expect(refused.statusCode).toBe(403);
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/refund',
      headers: { cookie: manager, 'idempotency-key': randomUUID() },
      payload: { id: payments.alberta, amount: '1.00' },
    });
    expect([own.statusCode, own.json().error?.message]).toEqual([200, undefined]);
  });
});

describe('a user tied to no location', () => {
  it("sees every location's transactions of the merchant", async () => {
    const ids = await reportIds(owner);
    expect(ids).toEqual(expect.arrayContaining([payments.pearl, payments.alberta, payments.none]));
    const found = await search(owner, [locations.alberta]);
    expect(found.statusCode).toBe(200);
    expect(JSON.stringify(found.json())).toContain(payments.alberta);
  });
});
