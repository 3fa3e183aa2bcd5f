import { AccountText } from '@portico/contracts/clients/account-detail';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { clientConfigs, clients } from '../../db/schema/clients';

// The submerchant settings (parent level): the default card and ACH processors and terminals
// a parent hands to the sub-merchants it onboards, and the other inherited settings
// (onboard, rev_share, ticket and volume limits, payment, enroll_email, pause_settlement), kept in
// client_configs.child_defaults.

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
  ctx = await buildTestApp({}, { demoAccounts: true });
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

describe('the other inherited settings on the account page', () => {
  const edited = {
    child_onboard: false,
    child_rev_share: '30',
    child_avg_ticket: '120.50',
    child_high_ticket: '2500.00',
    child_monthly_volume: '40000.00',
    child_monthly_high_volume: '90000.00',
    child_enroll_email: 'custom',
    child_pause_settlement: true,
  };

  it('lets staff change them, stored as the approval reads them, read back and listed in Events', async () => {
    const before = await childDefaultsOf(summit);
    const res = await patchAs(demo.healnow, summit, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.changed.sort()).toEqual(Object.keys(edited).sort());
    expect(await childDefaultsOf(summit)).toEqual({
      ...before,
      onboard: false,
      rev_share: 30,
      avg_ticket_cents: 12_050,
      high_ticket_cents: 250_000,
      monthly_volume_cents: 4_000_000,
      monthly_high_volume_cents: 9_000_000,
      enroll_email: 'custom',
      pause_settlement: true,
    });
    expect(await fieldsOf(demo.admin, summit)).toMatchObject(edited);

    const events = await callAs(ctx.app, demo.admin, 'GET', `/api/account/${summit}/events`);
    expect(events.statusCode, events.body).toBe(200);
    const [latest] = events.json().message;
    expect(latest).toMatchObject({ action: 'account.edit', actor: demo.healnow });
    expect(latest.changes).toEqual(
      expect.arrayContaining([
        { field: 'child_rev_share', label: 'Default Revenue Share (%)', old: '45', new: '30' },
        { field: 'child_pause_settlement', label: 'Default Pause Settlement', old: 'No', new: 'Yes' },
      ]),
    );
  });

  it('clears a ticket or volume back to none', async () => {
    expect((await patchAs(demo.admin, summit, { child_avg_ticket: null })).statusCode).toBe(200);
    expect(await childDefaultsOf(summit)).not.toHaveProperty('avg_ticket_cents');
    expect((await fieldsOf(demo.admin, summit)).child_avg_ticket).toBeNull();
  });

  it('refuses them to the parent itself and to a merchant user (403), changing nothing', async () => {
    const before = await childDefaultsOf(summit);
    for (const [email, meta] of [
      [demo.reseller, { child_rev_share: '90' }],
      [demo.reseller, { child_onboard: true }],
      [demo.reseller, { child_high_ticket: '99999.00' }],
      [demo.owner, { child_pause_settlement: false }],
    ] as const) {
      const res = await patchAs(email, summit, meta);
      expect(res.statusCode, `${email} ${JSON.stringify(meta)}`).toBe(403);
    }
    expect(await childDefaultsOf(summit)).toEqual(before);
    // The parent still reads them.
    expect(await fieldsOf(demo.reseller, summit)).toMatchObject({ child_rev_share: '30' });
  });

  it('refuses bad values (400) and changes nothing', async () => {
    const before = await childDefaultsOf(summit);
    const bad: [object, string | null][] = [
      [{ child_rev_share: '101' }, AccountText.WholePercentInvalid],
      [{ child_rev_share: '12.5' }, AccountText.WholePercentInvalid],
      [{ child_rev_share: '-5' }, AccountText.WholePercentInvalid],
      [{ child_avg_ticket: '-1.00' }, null],
      [{ child_monthly_volume: '12.345' }, null],
      [{ child_onboard: 'yes' }, null],
      [{ child_pause_settlement: null }, null],
      [{ child_enroll_email: 'maybe' }, null],
      [{ child_high_ticket: '100.00' }, AccountText.ChildHighTicketBelowAverage],
      [{ child_monthly_volume: '95000.00' }, AccountText.ChildHighVolumeBelowVolume],
      [{ child_avg_ticket: '300.00', child_high_ticket: '200.00' }, AccountText.ChildHighTicketBelowAverage],
    ];
    await patchAs(demo.admin, summit, { child_avg_ticket: '120.50' });
    const stored = await childDefaultsOf(summit);
    for (const [meta, message] of bad) {
      const res = await patchAs(demo.admin, summit, meta);
      expect(res.statusCode, JSON.stringify(meta)).toBe(400);
      // The schema's texts come in the issues, the cross-field rule's as the message.
      if (message !== null) expect(JSON.stringify(res.json().error), JSON.stringify(meta)).toContain(message);
    }
    expect(await childDefaultsOf(summit)).toEqual(stored);
    expect(stored).toEqual({ ...before, avg_ticket_cents: 12_050 });
  });
});
