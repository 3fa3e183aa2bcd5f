import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/clients';
import { users } from '../src/db/schema/users';
import { sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo, seedDemoAccounts } from './demo-data';

// Design.md §4: one test walks every registered route and checks who gets what. A route without a
// row here fails the test; a new module adds its rows.

const actors = ['anonymous', 'admin', 'user', 'parent', 'healnow', 'alpha', 'foreign'] as const;
type Actor = (typeof actors)[number];

// Each demo role signs in as one demo account; 'foreign' is a merchant owner of another merchant
// than the one the merchant-scoped calls name (Harbor Lane Coffee, home of user and alpha).
const accountOf: Record<Exclude<Actor, 'anonymous'>, string> = {
  admin: demo.admin,
  user: demo.owner,
  parent: demo.reseller,
  healnow: demo.healnow,
  alpha: demo.alpha,
  foreign: demo.copperOwner,
};

type Ids = { harborLane: string };
type Call = { url?: string; payload?: Record<string, unknown> };
type Row = { call?: (ids: Ids) => Call; expect: Record<Actor, number> };

const same = (status: number): Record<Actor, number> => ({
  anonymous: status,
  admin: status,
  user: status,
  parent: status,
  healnow: status,
  alpha: status,
  foreign: status,
});
const signedIn = (status: number): Record<Actor, number> => ({ ...same(status), anonymous: 401 });

// Keyed by 'METHOD url' as registered; HEAD routes are checked with their GET row.
const matrix: Record<string, Row> = {
  // Plugin-owned: documentation and the portal.
  'GET /api/docs': { expect: same(200) },
  'GET /api/docs/': { expect: same(200) },
  'GET /api/docs/static/index.html': { expect: same(302) },
  'GET /api/docs/static/swagger-initializer.js': { expect: same(200) },
  'GET /api/docs/json': { expect: same(200) },
  'GET /api/docs/yaml': { expect: same(200) },
  'GET /api/docs/static/*': { call: () => ({ url: '/api/docs/static/swagger-ui.css' }), expect: same(200) },
  'GET /': { expect: same(302) },
  // The portal is not built in tests: /app/* answers 503 by design.
  'GET /app/*': { call: () => ({ url: '/app/login' }), expect: same(503) },

  'GET /healthz': { expect: same(200) },
  'GET /readyz': { expect: same(200) },

  // Sign-in and session: public, answers independent of the caller.
  'POST /authenticated': { expect: same(200) },
  'POST /logout': { expect: same(200) },
  'POST /firebase': { call: () => ({ payload: { email: 'nobody@nowhere.example' } }), expect: same(200) },
  'POST /auth': {
    call: () => ({ payload: { token: 'A'.repeat(43), email: 'nobody@nowhere.example' } }),
    expect: same(401),
  },
  'GET /api/auth/providers': { expect: same(200) },
  // No provider is configured here.
  'GET /auth/oidc/:provider/start': { call: () => ({ url: '/auth/oidc/google/start' }), expect: same(404) },
  'GET /auth/oidc/:provider/callback': {
    call: () => ({ url: '/auth/oidc/google/callback?state=x&code=y' }),
    expect: same(404),
  },
  'GET /api/auth/link/pending': { expect: same(200) },
  // Signed in, but nothing waits to be linked.
  'POST /api/auth/link/continue': { expect: signedIn(404) },
  'POST /api/auth/verify-email': { call: () => ({ payload: { token: 'A'.repeat(43) } }), expect: same(401) },
  'GET /api/dev/mailbox': { expect: same(200) },

  // The signed-in user's own things.
  'GET /api/user': { expect: signedIn(200) },
  'GET /api/logo': { expect: signedIn(200) },
  'GET /api/timezone': { expect: signedIn(200) },
  'GET /api/timezones': { expect: signedIn(200) },
  'POST /api/timezone': { call: () => ({ payload: { timezone: 'UTC' } }), expect: signedIn(200) },
  'GET /api/client/my-clients': { expect: signedIn(200) },

  // Merchant-scoped: Harbor Lane Coffee.
  'GET /api/rbac/:clientId/permissions': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/permissions` }),
    expect: { ...signedIn(200), foreign: 403 },
  },
};

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let ids: Ids;

beforeAll(async () => {
  ctx = await buildTestApp();
  await seedDemoAccounts(ctx.database);
  const [owner] = await ctx.app.db
    .select({ clientId: users.defaultClientId })
    .from(users)
    .where(eq(users.email, demo.owner));
  const [harbor] = await ctx.app.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, owner?.clientId ?? ''));
  if (!harbor) throw new Error('demo data without Harbor Lane Coffee');
  ids = { harborLane: harbor.id };
});
afterAll(() => ctx.close());

const rowKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const registered = new Set(ctx.app.routeCatalog.map((route) => rowKey(route.method, route.url)));
    const missing = [...registered].filter((key) => !(key in matrix));
    const stale = Object.keys(matrix).filter((key) => !registered.has(key));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    expect(stale, 'rows for routes that are not registered').toEqual([]);
  });

  it('gives every actor the expected answer on every route', async () => {
    const mismatches: string[] = [];
    for (const route of ctx.app.routeCatalog) {
      const row = matrix[rowKey(route.method, route.url)];
      if (!row) continue;
      const call = row.call?.(ids) ?? {};
      for (const actor of actors) {
        // A fresh session per call: logout and sign-in revoke the one they are given.
        const cookie =
          actor === 'anonymous' ? undefined : await sessionCookieFor(ctx.app.db, accountOf[actor]);
        const res = await ctx.app.inject({
          method: route.method === 'HEAD' ? 'HEAD' : route.method === 'POST' ? 'POST' : 'GET',
          url: call.url ?? route.url,
          ...(call.payload ? { payload: call.payload } : {}),
          ...(cookie ? { headers: { cookie } } : {}),
        });
        const expected = row.expect[actor];
        if (res.statusCode !== expected) {
          mismatches.push(
            `${route.method} ${route.url} as ${actor}: ${res.statusCode}, expected ${expected}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
