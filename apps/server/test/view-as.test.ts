import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/clients';
import { auditLog } from '../src/db/schema/system';
import { users } from '../src/db/schema/users';
import { merchantSpecs, parentSpecs } from '../src/db/seed/demo-catalog';
import { accessFixtureRoutes } from './access-fixture-routes';
import { sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo } from './demo-data';

// View-as on the server: the acting role becomes user, the call is limited to the viewed
// client and the clients below it, and only a caller who reaches that client may view as it.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const ids = new Map<string, string>();

// Demo clients by catalog key.
function id(key: string): string {
  const name =
    parentSpecs.find((spec) => spec.key === key)?.name ?? merchantSpecs.find((spec) => spec.key === key)?.dba;
  const value = name === undefined ? undefined : ids.get(name);
  if (!value) throw new Error(`No demo client ${key}`);
  return value;
}
const nameOf = (key: string) => ctxNames.get(id(key));
const ctxNames = new Map<string, string>();

async function call(
  email: string,
  url: string,
  viewAs?: string,
  method: 'GET' | 'POST' = 'GET',
  payload?: object,
) {
  const separator = url.includes('?') ? '&' : '?';
  return ctx.app.inject({
    method,
    url: viewAs === undefined ? url : `${url}${separator}${VIEW_AS_QUERY_PARAM}=${viewAs}`,
    headers: { cookie: await sessionCookieFor(ctx.app.db, email) },
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true, extraRoutes: [accessFixtureRoutes] });
  for (const row of await ctx.app.db.select({ id: clients.id, name: clients.name }).from(clients)) {
    ids.set(row.name, row.id);
    ctxNames.set(row.id, row.name);
  }
});
afterAll(() => ctx.close());

describe('viewing as a client', () => {
  it('makes an admin act as a user: an admin-only call is refused, a user call answers', async () => {
    const harbor = id('harbor-lane-coffee');
    expect((await call(demo.admin, '/api/test/admin-only')).statusCode).toBe(200);
    const refused = await call(demo.admin, '/api/test/admin-only', harbor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    const merchantCall = await call(demo.admin, `/api/test/merchants/${harbor}/refunds`, harbor);
    expect(merchantCall.statusCode).toBe(200);
    expect(merchantCall.json().message).toBe(harbor);
  });

  it('limits calls to the viewed client and the clients below it', async () => {
    const summit = id('summit');
    const harbor = id('harbor-lane-coffee');
    const magnolia = id('magnolia-grill');
    expect((await call(demo.admin, `/api/test/merchants/${harbor}/refunds`, summit)).statusCode).toBe(200);
    const outside = await call(demo.admin, `/api/test/merchants/${magnolia}/refunds`, summit);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.message).toBe('You do not have access to this merchant');
    // A merchant named in the body is held to the same rule.
    const viaBody = await call(demo.admin, '/api/test/merchant-notes', harbor, 'POST', {
      client_id: magnolia,
      text: 'x',
    });
    expect(viaBody.statusCode).toBe(403);
  });

  it('narrows the merchant list to the viewed client and its merchants', async () => {
    const summit = id('summit');
    const res = await call(demo.admin, '/api/client/my-clients', summit);
    expect(res.statusCode).toBe(200);
    const names: string[] = res.json().message.map((client: { name: string }) => client.name);
    expect(names).toContain(nameOf('summit'));
    expect(names).toContain(nameOf('harbor-lane-coffee'));
    expect(names).not.toContain(nameOf('magnolia-grill'));
    const all = await call(demo.admin, '/api/client/my-clients');
    expect(all.json().message.length).toBeGreaterThan(names.length);
  });

  it('refuses a client outside the caller’s reach and records the denial', async () => {
    const magnolia = id('magnolia-grill');
    const harbor = id('harbor-lane-coffee');
    // A Summit reseller may view its own merchants but not Blue River's.
    expect((await call(demo.reseller, '/api/client/my-clients', harbor)).statusCode).toBe(200);
    const res = await call(demo.reseller, '/api/client/my-clients', magnolia);
    expect(res.statusCode).toBe(403);
    // A merchant owner cannot view another merchant.
    expect((await call(demo.copperOwner, '/api/client/my-clients', harbor)).statusCode).toBe(403);
    const [reseller] = await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demo.reseller));
    const denials = await ctx.app.db
      .select({ clientId: auditLog.clientId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.actorUserId, reseller?.id ?? '')));
    expect(denials.map((row) => row.clientId)).toContain(magnolia);
  });

  it('answers 400 for a viewAs that is not one client id, and 403 for one that does not exist', async () => {
    expect((await call(demo.admin, '/api/client/my-clients', 'not-a-uuid')).statusCode).toBe(400);
    const twice = await call(
      demo.admin,
      `/api/client/my-clients?viewAs=${id('harbor-lane-coffee')}`,
      id('magnolia-grill'),
    );
    expect(twice.statusCode).toBe(400);
    const unknown = await call(demo.admin, '/api/client/my-clients', '00000000-0000-4000-8000-0000000000ff');
    expect(unknown.statusCode).toBe(403);
  });

  it('is ignored on public calls', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/healthz?${VIEW_AS_QUERY_PARAM}=x` });
    expect(res.statusCode).toBe(200);
  });
});
