import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mimicSessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildUser } from '../../../test/factories';

// A user's own UI preferences: the portal tour and the look, kept per user on the server.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
});
afterAll(async () => {
  await ctx.close();
});

describe('portal tour state, per user', () => {
  async function tourOf(email: string) {
    const res = await callAs(ctx.app, email, 'GET', '/api/user');
    return res.json().message.tour;
  }

  it('gives partners and merchants their tour, staff none', async () => {
    expect(await tourOf(demo.reseller)).toEqual({ kind: 'partner', starts_by_itself: true });
    expect(await tourOf(demo.healnow)).toEqual({ kind: 'partner', starts_by_itself: true });
    expect(await tourOf(demo.copperOwner)).toEqual({ kind: 'merchant', starts_by_itself: true });
    expect(await tourOf(demo.admin)).toEqual({ kind: null, starts_by_itself: false });
  });

  it('stops starting by itself once dismissed, for that user only, and starts again when unseen', async () => {
    const dismissed = await callAs(ctx.app, demo.copperOwner, 'PUT', '/api/user/tour', {
      tour: 'merchant',
      seen: true,
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().message).toEqual({ tours_seen: ['merchant'] });
    expect(await tourOf(demo.copperOwner)).toEqual({ kind: 'merchant', starts_by_itself: false });
    expect((await tourOf(demo.barista)).starts_by_itself).toBe(true);

    const again = await callAs(ctx.app, demo.copperOwner, 'PUT', '/api/user/tour', {
      tour: 'merchant',
      seen: false,
    });
    expect(again.json().message).toEqual({ tours_seen: [] });
    expect((await tourOf(demo.copperOwner)).starts_by_itself).toBe(true);
  });

  it('refuses an unknown tour and unknown keys', async () => {
    const unknown = await callAs(ctx.app, demo.owner, 'PUT', '/api/user/tour', { tour: 'staff', seen: true });
    expect(unknown.statusCode).toBe(400);
    const extra = await callAs(ctx.app, demo.owner, 'PUT', '/api/user/tour', {
      tour: 'merchant',
      seen: true,
      user_id: 'x',
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('the portal look, per user', () => {
  async function colorSchemeOf(email: string) {
    const res = await callAs(ctx.app, email, 'GET', '/api/user');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().message.color_scheme;
  }

  it("follows the device until the user picks one, then keeps that user's choice only", async () => {
    expect(await colorSchemeOf(demo.reseller)).toBe('auto');
    const dark = await callAs(ctx.app, demo.reseller, 'PUT', '/api/user/color-scheme', {
      color_scheme: 'dark',
    });
    expect(dark.statusCode, dark.body).toBe(200);
    expect(dark.json().message).toEqual({ color_scheme: 'dark' });
    expect(await colorSchemeOf(demo.reseller)).toBe('dark');
    expect(await colorSchemeOf(demo.healnow)).toBe('auto');

    await callAs(ctx.app, demo.reseller, 'PUT', '/api/user/color-scheme', { color_scheme: 'light' });
    expect(await colorSchemeOf(demo.reseller)).toBe('light');
  });

  it('keeps the tours seen beside the look: one preference never drops another', async () => {
    await callAs(ctx.app, demo.agent, 'PUT', '/api/user/tour', { tour: 'partner', seen: true });
    await callAs(ctx.app, demo.agent, 'PUT', '/api/user/color-scheme', { color_scheme: 'dark' });
    const user = (await callAs(ctx.app, demo.agent, 'GET', '/api/user')).json().message;
    expect(user.color_scheme).toBe('dark');
    expect(user.tour.starts_by_itself).toBe(false);
  });

  it('refuses an unknown look and unknown keys, and changes nothing', async () => {
    for (const body of [{ color_scheme: 'sepia' }, { color_scheme: 'dark', user_id: 'x' }, {}]) {
      const res = await callAs(ctx.app, demo.barista, 'PUT', '/api/user/color-scheme', body);
      expect(res.statusCode).toBe(400);
    }
    expect(await colorSchemeOf(demo.barista)).toBe('auto');
  });

  it("is the person's own: a mimic session may not change it", async () => {
    const staff = await buildUser(ctx.app.db, { userType: 'admin' });
    const user = await buildUser(ctx.app.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/color-scheme',
      headers: { cookie: await mimicSessionCookieFor(ctx.app.db, user.id, staff.id) },
      payload: { color_scheme: 'dark' },
    });
    expect(res.statusCode).toBe(403);
  });
});
