import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo, seedDemoAccounts } from '../../../test/demo-data';
import { clientConfigs, clients } from '../../db/schema/clients';

// Spec 2 §2.2 submerchant settings (parent level): the default card and ACH processors and terminals
// a parent hands to the sub-merchants it onboards, kept in client_configs.child_defaults.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let summit: string;
let harborLane: string;

async function clientIdNamed(name: string) {
  const [row] = await ctx.app.db.select({ id: clients.id }).from(clients).where(eq(clients.name, name));
  if (!row) throw new Error(`no client ${name}`);
  return row.id;
}

async function childDefaultsOf(clientId: string) {
  const [row] = await ctx.app.db
    .select({ childDefaults: clientConfigs.childDefaults })
    .from(clientConfigs)
    .where(eq(clientConfigs.clientId, clientId));
  return row?.childDefaults;
}

const patchAs = (email: string, clientId: string, meta: object) =>
  callAs(ctx.app, email, 'PATCH', `/api/client/${clientId}`, { meta: JSON.stringify(meta) });

async function fieldsOf(email: string, clientId: string) {
  const res = await callAs(ctx.app, email, 'GET', `/api/account/${clientId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message.fields;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  await seedDemoAccounts(ctx.database);
  summit = await clientIdNamed('Summit Merchant Services');
  harborLane = await clientIdNamed('Harbor Lane Coffee Roasters');
});
afterAll(async () => {
  await ctx.close();
});

describe('submerchant defaults on the account page', () => {
  it("shows a parent's defaults and lets staff change them, keeping the other inherited settings", async () => {
    const before = await childDefaultsOf(summit);
    expect(await fieldsOf(demo.admin, summit)).toMatchObject({
      child_payment: before?.payment ?? null,
      child_ach: 'false',
      child_terminals: null,
    });
    const res = await patchAs(demo.admin, summit, {
      child_payment: 'epx',
      child_ach: 'propay',
      child_terminals: 'pax',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.changed.sort()).toEqual(['child_ach', 'child_payment', 'child_terminals']);
    expect(await childDefaultsOf(summit)).toEqual({
      ...before,
      payment: 'epx',
      ach: 'propay',
      terminals: 'pax',
    });
    expect(await fieldsOf(demo.admin, summit)).toMatchObject({
      child_payment: 'epx',
      child_ach: 'propay',
      child_terminals: 'pax',
    });

    // 'false' switches the default ACH off.
    expect((await patchAs(demo.admin, summit, { child_ach: 'false' })).statusCode).toBe(200);
    expect((await childDefaultsOf(summit))?.ach).toBeUndefined();
  });

  it('refuses an unknown processor and changes nothing', async () => {
    const before = await childDefaultsOf(summit);
    const res = await patchAs(demo.admin, summit, { child_payment: 'stripe' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await childDefaultsOf(summit)).toEqual(before);
  });

  it('keeps the defaults off a merchant account, and refuses setting them there', async () => {
    const fields = await fieldsOf(demo.admin, harborLane);
    expect(fields).not.toHaveProperty('child_payment');
    const before = await childDefaultsOf(harborLane);
    const res = await patchAs(demo.admin, harborLane, { child_payment: 'epx' });
    expect(res.statusCode).toBe(403);
    expect(await childDefaultsOf(harborLane)).toEqual(before);
  });

  it("refuses a merchant user a parent's defaults (403) and changes nothing", async () => {
    const before = await childDefaultsOf(summit);
    const res = await patchAs(demo.owner, summit, { child_payment: 'propay' });
    expect(res.statusCode).toBe(403);
    expect(await childDefaultsOf(summit)).toEqual(before);
  });
});
