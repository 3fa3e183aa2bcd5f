import type { GridLayout } from '@portico/contracts/grid/grid-layout';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { buildUser } from '../../../test/factories';
import { gridConfigs } from '../../db/schema/users';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let cookie: string;
let otherCookie: string;
let userId: string;

const layout: GridLayout = {
  version: 'v2',
  columns: [
    { colId: 'amount', width: 140, pinned: 'left' },
    { colId: 'created_at', hide: true },
  ],
  filters: { status: { filterType: 'set', values: ['Approved'] } },
  sortModel: [{ colId: 'created_at', sort: 'desc' }],
  pivotMode: false,
  columnGroupState: [],
};

beforeAll(async () => {
  ctx = await buildTestApp();
  const user = await buildUser(ctx.app.db);
  const other = await buildUser(ctx.app.db, { userType: 'admin' });
  userId = user.id;
  cookie = await sessionCookieFor(ctx.app.db, user.email);
  otherCookie = await sessionCookieFor(ctx.app.db, other.email);
});
afterAll(() => ctx.close());

function put(key: string, payload: unknown, as = cookie) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/user/grid-config/${encodeURIComponent(key)}`,
    headers: { cookie: as, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

function get(url: string, as = cookie) {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: as } });
}

describe('saved grid layouts', () => {
  it('answers null for a key never saved', async () => {
    const res = await get('/api/user/grid-config/reporting');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: null });
  });

  it('stores a layout, replaces it on the next save, and reads it back', async () => {
    expect((await put('reporting', layout)).statusCode).toBe(200);
    const changed = { ...layout, pivotMode: true };
    expect((await put('reporting', changed)).json()).toEqual({ status: true, message: null });
    const rows = await ctx.app.db
      .select()
      .from(gridConfigs)
      .where(and(eq(gridConfigs.userId, userId), eq(gridConfigs.key, 'reporting')));
    expect(rows).toHaveLength(1);
    expect((await get('/api/user/grid-config/reporting')).json()).toEqual({ status: true, message: changed });
  });

  it('keeps each user to their own layouts', async () => {
    expect((await get('/api/user/grid-config/reporting', otherCookie)).json().message).toBeNull();
  });

  it('lists named layouts of one key, sorted, and deletes with a null body', async () => {
    for (const name of ['Month end', 'Daily', 'Audit']) {
      expect((await put(`reporting___${name}`, layout)).statusCode).toBe(200);
    }
    await put('reporting_x___Other', layout);
    await put('costing___Mine', layout);
    expect((await get('/api/user/grid-config-names/reporting')).json()).toEqual({
      status: true,
      message: ['Audit', 'Daily', 'Month end'],
    });
    expect((await put('reporting___Daily', null)).statusCode).toBe(200);
    expect((await get('/api/user/grid-config-names/reporting')).json().message).toEqual([
      'Audit',
      'Month end',
    ]);
    expect((await get('/api/user/grid-config/reporting___Daily')).json().message).toBeNull();
    // The names of another user stay out of the list.
    expect((await get('/api/user/grid-config-names/reporting', otherCookie)).json().message).toEqual([]);
  });

  it('answers a layout the original portal saved as a bare array of column state', async () => {
    await ctx.app.db
      .insert(gridConfigs)
      .values({ userId, key: 'legacy', layout: [{ colId: 'amount', width: 90 }] });
    expect((await get('/api/user/grid-config/legacy')).json()).toEqual({
      status: true,
      message: [{ colId: 'amount', width: 90 }],
    });
  });

  it('answers null for a stored value the grid cannot read', async () => {
    await ctx.app.db.insert(gridConfigs).values({ userId, key: 'broken', layout: { version: 'v9' } });
    expect((await get('/api/user/grid-config/broken')).json()).toEqual({ status: true, message: null });
  });

  it('refuses a layout with unknown keys, a key with odd characters, and a named layout without a name', async () => {
    const extra = await put('reporting', { ...layout, injected: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('VALIDATION_FAILED');
    expect((await put('a/b', layout)).statusCode).toBe(400);
    expect((await put('a<b', layout)).statusCode).toBe(400);
    const unnamed = await put('reporting___', layout);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error).toEqual({ code: 'GRID_LAYOUT_NAME_REQUIRED', message: 'Field is required' });
  });

  it('bounds how many layouts a user keeps', async () => {
    const values = Array.from({ length: 200 }, (_, i) => ({ userId, key: `bulk___${i}`, layout }));
    await ctx.app.db.insert(gridConfigs).values(values).onConflictDoNothing();
    const res = await put('one-more', layout);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('GRID_LAYOUT_LIMIT_REACHED');
    // Replacing a key the user already has is still fine.
    expect((await put('reporting', layout)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/grid-config/reporting' });
    expect(res.statusCode).toBe(401);
  });
});
