import { SubLocationErrorText } from '@portico/contracts/access/sub-locations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subEntities } from '../src/db/schema/access';
import { auditLog } from '../src/db/schema/system';
import { defaultClientOf, sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo } from './demo-data';

// Sub-locations of a merchant: the whole record listed,
// add, edit with custom fields by the merchant's definitions and MID overrides, delete; each call
// scoped to merchants the caller manages, bad input refused with nothing changed.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harbor: string;
let copper: string;
let admin: string;
let alpha: string;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  admin = await sessionCookieFor(ctx.app.db, demo.admin);
  alpha = await sessionCookieFor(ctx.app.db, demo.alpha);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(cookie: string, method: Method, url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function locationsOf(clientId: string) {
  return ctx.app.db.select().from(subEntities).where(eq(subEntities.clientId, clientId));
}

async function locationNamed(clientId: string, name: string) {
  const [row] = await ctx.app.db
    .select()
    .from(subEntities)
    .where(and(eq(subEntities.clientId, clientId), eq(subEntities.name, name)));
  if (!row) throw new Error(`No location ${name}`);
  return row;
}

describe('listing', () => {
  it("answers each location's whole record with its merchant's field definitions", async () => {
    const res = await call(alpha, 'GET', `/api/rbac/${harbor}/sub-entities?skipRecursion=true`);
    expect(res.statusCode).toBe(200);
    const alberta = res.json().message.find((row: { name: string }) => row.name === 'Alberta Arts');
    expect(alberta).toMatchObject({
      merchant_id: harbor,
      merchant: { id: harbor, merchant_sub_entity_custom_fields: [{ name: 'Store Number', type: 'number' }] },
      custom_fields: { 'Store Number': 102 },
      address: { address1: '2915 NE Alberta St' },
      mid_overrides: [{ payment_processor: 'fis' }],
    });
  });

  it('offers MID overrides at the processors the merchant runs on, with its own identifiers', async () => {
    const res = await call(alpha, 'GET', `/api/rbac/${harbor}/mid-overrides`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message.map((row: { payment_processor: string }) => row.payment_processor)).toContain(
      'fis',
    );
  });
});

describe('adding', () => {
  it('adds a location with a trimmed name and refuses a duplicate or empty one', async () => {
    const before = (await locationsOf(harbor)).length;
    const created = await call(alpha, 'POST', `/api/rbac/${harbor}/sub-entities`, {
      name: '  Pier 39 Kiosk ',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toMatchObject({
      name: 'Pier 39 Kiosk',
      merchant_id: harbor,
      mid_overrides: [],
    });

    const duplicate = await call(alpha, 'POST', `/api/rbac/${harbor}/sub-entities`, {
      name: 'Pier 39 Kiosk',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(SubLocationErrorText.DuplicateName);
    const empty = await call(alpha, 'POST', `/api/rbac/${harbor}/sub-entities`, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    const extra = await call(alpha, 'POST', `/api/rbac/${harbor}/sub-entities`, { name: 'X', phone: '1' });
    expect(extra.statusCode).toBe(400);
    expect((await locationsOf(harbor)).length).toBe(before + 1);
  });
});

describe('editing', () => {
  it('saves name, phone, address, custom fields and MID overrides together', async () => {
    const pier = await locationNamed(harbor, 'Pier 39 Kiosk');
    const res = await call(alpha, 'PATCH', `/api/rbac/${harbor}/sub-entities/${pier.id}`, {
      name: 'Pier 39',
      phone: '(503) 555-0139',
      address: { address1: '39 Pier', city: 'Portland', st: 'OR', zip: '97209' },
      custom_fields: { 'Store Number': '104' },
      merchant: { id: harbor, name: 'Harbor Lane Coffee Roasters' },
      mid_overrides: [{ payment_processor: 'fis', merchant_identifier: '4445556667' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      name: 'Pier 39',
      phone: '(503) 555-0139',
      custom_fields: { 'Store Number': 104 },
      mid_overrides: [{ payment_processor: 'fis', merchant_identifier: '4445556667' }],
    });
    const [trail] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sub_location.change'), eq(auditLog.targetId, pier.id)));
    expect(trail).toMatchObject({ actorEmail: demo.alpha, clientId: harbor });
  });

  it.each([
    [{ custom_fields: { 'Table Count': 4 } }, 422, `${SubLocationErrorText.UnknownField} "Table Count".`],
    [
      { custom_fields: { 'Store Number': 'one hundred' } },
      422,
      `"Store Number" ${SubLocationErrorText.NotANumber}.`,
    ],
    [{ merchant: { id: '00000000-0000-4000-8000-000000000001' } }, 422, SubLocationErrorText.OtherMerchant],
    [{ name: 'Sellwood' }, 409, SubLocationErrorText.DuplicateName],
    [
      {
        mid_overrides: [
          { payment_processor: 'fis', merchant_identifier: '1' },
          { payment_processor: 'fis', merchant_identifier: '2' },
        ],
      },
      400,
      null,
    ],
    [{ mid_overrides: [{ payment_processor: 'nowhere', merchant_identifier: '1' }] }, 400, null],
    [{ address: { zip: '9720' } }, 400, null],
    [{ color: 'blue' }, 400, null],
  ])('refuses %j and changes nothing', async (change, status, message) => {
    const pier = await locationNamed(harbor, 'Pier 39');
    const res = await call(alpha, 'PATCH', `/api/rbac/${harbor}/sub-entities/${pier.id}`, {
      name: 'Pier 39',
      ...change,
    });
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await locationNamed(harbor, 'Pier 39')).toEqual(pier);
  });
});

describe('deleting', () => {
  it('refuses to delete a location a user is tied to', async () => {
    const pearl = await locationNamed(harbor, 'Pearl District');
    const res = await call(alpha, 'DELETE', `/api/rbac/${harbor}/sub-entities/${pearl.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SubLocationErrorText.HasUsers);
    await locationNamed(harbor, 'Pearl District');
  });

  it('deletes a location nobody is tied to', async () => {
    const pier = await locationNamed(harbor, 'Pier 39');
    const res = await call(alpha, 'DELETE', `/api/rbac/${harbor}/sub-entities/${pier.id}`);
    expect(res.statusCode).toBe(200);
    expect((await locationsOf(harbor)).some((row) => row.id === pier.id)).toBe(false);
  });
});

describe('scope', () => {
  it("refuses another merchant's location through this merchant's path", async () => {
    const [foreign] = await locationsOf(await defaultClientOf(ctx.app.db, demo.dental));
    if (!foreign) throw new Error('no dental location');
    const res = await call(admin, 'PATCH', `/api/rbac/${harbor}/sub-entities/${foreign.id}`, {
      name: 'Taken',
    });
    expect(res.statusCode).toBe(404);
    expect((await locationNamed(foreign.clientId, foreign.name)).name).toBe(foreign.name);
  });

  it('refuses a merchant outside the caller reach, and users without Permissions', async () => {
    const copperOwner = await sessionCookieFor(ctx.app.db, demo.copperOwner);
    expect(
      (await call(copperOwner, 'POST', `/api/rbac/${harbor}/sub-entities`, { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await call(alpha, 'POST', `/api/rbac/${copper}/sub-entities`, { name: 'Mine' })).statusCode).toBe(
      403,
    );
    const barista = await sessionCookieFor(ctx.app.db, demo.barista);
    expect(
      (await call(barista, 'POST', `/api/rbac/${harbor}/sub-entities`, { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await locationsOf(harbor)).some((row) => row.name === 'Mine')).toBe(false);
  });
});
