import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { subEntities, userSubEntities } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { users } from '../../db/schema/users';

// GET /api/client (a merchant's configuration) and the locations call of the search form.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;

async function getAs(email: string, url: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: await sessionCookieFor(ctx.app.db, email) },
  });
}

async function clientId(dbaName: string) {
  const [row] = await ctx.app.db.select({ id: clients.id }).from(clients).where(eq(clients.dbaName, dbaName));
  if (!row) throw new Error(`no client ${dbaName}`);
  return row.id;
}

async function userId(email: string) {
  const [row] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function locationNames(merchantId: string) {
  const rows = await ctx.app.db
    .select({ name: subEntities.name })
    .from(subEntities)
    .where(eq(subEntities.clientId, merchantId));
  return rows.map((row) => row.name).sort();
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/client', () => {
  it("answers a merchant's reporting configuration with the product's defaults", async () => {
    const dental = await clientId('Harborview Family Dental');
    const res = await getAs(demo.dental, `/api/client?id=${dental}`);
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json().message;
    expect(record).toMatchObject({
      id: dental,
      dba_name: 'Harborview Family Dental',
      level: 'Merchant',
      config: {
        meta_field_search: true,
        meta_field_search_term: 'Clinic Location',
        customizations: {
          default_search_page: 'classic',
          custom_fields: ['Clinic Location', 'Patient Number'],
        },
      },
    });
    expect(record.parent).toEqual({ id: expect.any(String), name: expect.any(String) });
  });

  it('gives the merchant that chose the search page its choice', async () => {
    const magnolia = await clientId('Magnolia Grill');
    const res = await getAs(demo.admin, `/api/client?id=${magnolia}`);
    expect(res.json().message.config.customizations.default_search_page).toBe('search');
  });

  it("answers the caller's default client without an id", async () => {
    const res = await getAs(demo.owner, '/api/client');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.dba_name).toBe('Harbor Lane Coffee Roasters');
  });

  it("refuses another merchant's client and never leaks keys", async () => {
    const dental = await clientId('Harborview Family Dental');
    const foreign = await getAs(demo.copperOwner, `/api/client?id=${dental}`);
    expect(foreign.statusCode).toBe(403);
    const own = await getAs(demo.dental, `/api/client?id=${dental}`);
    expect(own.body).not.toMatch(/api_?key|public_?key|ssn|tax_id/i);
  });

  it('answers 404 for a client that does not exist (staff) and 401 without a session', async () => {
    const missing = await getAs(demo.admin, '/api/client?id=3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b');
    expect(missing.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/client' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/rbac/{merchantId}/users/{userId}/sub-entities', () => {
  it('gives a user tied to locations only those, and an untied owner every location', async () => {
    const harbor = await clientId('Harbor Lane Coffee Roasters');
    const all = await locationNames(harbor);
    expect(all.length).toBeGreaterThan(1);

    const barista = await userId(demo.barista);
    const tied = await ctx.app.db
      .select({ name: subEntities.name })
      .from(userSubEntities)
      .innerJoin(subEntities, eq(subEntities.id, userSubEntities.subEntityId))
      .where(eq(userSubEntities.userId, barista));
    expect(tied.length).toBeGreaterThan(0);
    const baristaRes = await getAs(demo.barista, `/api/rbac/${harbor}/users/${barista}/sub-entities`);
    expect(baristaRes.statusCode, baristaRes.body).toBe(200);
    expect(
      baristaRes
        .json()
        .message.map((l: { name: string }) => l.name)
        .sort(),
    ).toEqual(tied.map((l) => l.name).sort());

    const owner = await userId(demo.owner);
    const ownerRes = await getAs(demo.owner, `/api/rbac/${harbor}/users/${owner}/sub-entities`);
    expect(ownerRes.json().message.map((l: { name: string }) => l.name)).toEqual(all);
  });

  it("lets staff read someone's locations but not a merchant user", async () => {
    const harbor = await clientId('Harbor Lane Coffee Roasters');
    const barista = await userId(demo.barista);
    const admin = await getAs(demo.admin, `/api/rbac/${harbor}/users/${barista}/sub-entities`);
    expect(admin.statusCode).toBe(200);
    const owner = await getAs(demo.owner, `/api/rbac/${harbor}/users/${barista}/sub-entities`);
    expect(owner.statusCode).toBe(403);
    const foreign = await getAs(
      demo.copperOwner,
      `/api/rbac/${harbor}/users/${await userId(demo.copperOwner)}/sub-entities`,
    );
    expect(foreign.statusCode).toBe(403);
  });
});
