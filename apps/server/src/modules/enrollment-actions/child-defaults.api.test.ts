import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, clientIdNamed } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildMerchantApplication, enrollThroughApi } from '../../../test/enrollment-fixtures';
import { clientConfigs, clientPricing } from '../../db/schema/clients';

// Default processors and terminals: a sub-merchant approved under a parent starts from
// the parent's child_defaults wherever its application chose nothing.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let summit: string;
let blueriver: string;
let applications = 0;

async function enrollUnder(parentId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  applications += 1;
  return enrollThroughApi(
    ctx.app,
    demo.admin,
    buildMerchantApplication(parentId, {
      dba_name: `Willow Florist ${applications}`,
      legal_name: `Willow Florist ${applications} LLC`,
      email: `owner${applications}@willow.example`,
      ...overrides,
    }),
  );
}

async function approve(enrollmentId: string): Promise<string> {
  expect((await callAs(ctx.app, demo.admin, 'POST', '/api/kyc', { id: enrollmentId })).statusCode).toBe(200);
  const res = await callAs(ctx.app, demo.admin, 'PATCH', '/api/enroll/approve', { id: enrollmentId });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().message.client_id);
}

async function processorsOf(clientId: string) {
  const [row] = await ctx.app.db
    .select({ payment: clientConfigs.payment, ach: clientConfigs.ach, terminals: clientConfigs.terminals })
    .from(clientConfigs)
    .where(eq(clientConfigs.clientId, clientId));
  return row;
}

async function inheritedSettingsOf(clientId: string) {
  const [row] = await ctx.app.db
    .select({
      onboard: clientConfigs.onboard,
      enrollEmail: clientConfigs.enrollEmail,
      pauseSettlement: clientConfigs.pauseSettlement,
      avgTicketCents: clientConfigs.avgTicketCents,
      highTicketCents: clientConfigs.highTicketCents,
      monthlyVolumeCents: clientConfigs.monthlyVolumeCents,
      monthlyHighVolumeCents: clientConfigs.monthlyHighVolumeCents,
      revShare: clientPricing.revShare,
    })
    .from(clientConfigs)
    .innerJoin(clientPricing, eq(clientPricing.clientId, clientConfigs.clientId))
    .where(eq(clientConfigs.clientId, clientId));
  return row;
}

async function ratesOf(clientId: string) {
  const [row] = await ctx.app.db
    .select({ card: clientPricing.cardRate, ach: clientPricing.achRate, crypto: clientPricing.cryptoRate })
    .from(clientPricing)
    .where(eq(clientPricing.clientId, clientId));
  return row;
}

// The other inherited settings, set on the parent's account page by staff (the same PATCH the page sends).
async function setInheritedSettings(parentId: string) {
  const res = await callAs(ctx.app, demo.admin, 'PATCH', `/api/client/${parentId}`, {
    meta: JSON.stringify({
      child_onboard: true,
      child_rev_share: '35',
      child_avg_ticket: '75.00',
      child_high_ticket: '4000.00',
      child_monthly_volume: '50000.00',
      child_monthly_high_volume: '90000.00',
      child_enroll_email: 'custom',
      child_pause_settlement: true,
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  summit = await clientIdNamed(ctx.app.db, 'Summit Merchant Services');
  blueriver = await clientIdNamed(ctx.app.db, 'BlueRiver Payments Group');
  // Summit's defaults set on its account page, as staff do.
  const res = await callAs(ctx.app, demo.admin, 'PATCH', `/api/client/${summit}`, {
    meta: JSON.stringify({
      child_payment: 'epx',
      child_ach: 'propay',
      child_terminals: 'pax',
      child_card_rate: '2.75+0.25',
      child_crypto_rate: '1.00+0.00',
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  // BlueRiver hands down nothing.
  await ctx.app.db
    .update(clientConfigs)
    .set({ childDefaults: {} })
    .where(eq(clientConfigs.clientId, blueriver));
});
afterAll(async () => {
  await ctx.close();
});

describe("a sub-merchant approved under a parent starts from the parent's defaults", () => {
  it('takes the default card processor, ACH processor and terminals the application left out', async () => {
    const clientId = await approve(await enrollUnder(summit));
    expect(await processorsOf(clientId)).toEqual({ payment: 'epx', ach: 'propay', terminals: 'pax' });
  });

  it('keeps what the application chose', async () => {
    const enrollmentId = await enrollUnder(summit);
    const edit = await callAs(ctx.app, demo.admin, 'PATCH', '/api/enroll/edit', {
      meta: JSON.stringify({ id: enrollmentId, payment: 'fis', devices: 'dejavoo' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const clientId = await approve(enrollmentId);
    expect(await processorsOf(clientId)).toEqual({ payment: 'fis', ach: 'propay', terminals: 'dejavoo' });
  });

  it("takes the parent's current entity pricing for the rates the application left out", async () => {
    const clientId = await approve(await enrollUnder(summit, { card_rate: undefined }));
    // The application's ACH rate stays; no default ACH rate was set.
    expect(await ratesOf(clientId)).toEqual({ card: '2.75+0.25', ach: '0.50+0.30', crypto: '1.00+0.00' });
  });

  it('changes nothing under a parent without defaults', async () => {
    const clientId = await approve(await enrollUnder(blueriver, { card_rate: undefined }));
    expect(await processorsOf(clientId)).toEqual({ payment: null, ach: null, terminals: null });
    expect(await ratesOf(clientId)).toEqual({ card: null, ach: '0.50+0.30', crypto: null });
  });

  it("takes the parent's auto-onboard, revenue share, tickets, volumes, welcome e-mail and pause settlement", async () => {
    // Each differs from the column's own default, so an inherited value cannot pass by accident.
    await setInheritedSettings(summit);
    const clientId = await approve(await enrollUnder(summit, { monthly_volume: undefined }));
    expect(await inheritedSettingsOf(clientId)).toEqual({
      onboard: true,
      enrollEmail: 'custom',
      pauseSettlement: true,
      avgTicketCents: 7_500,
      highTicketCents: 400_000,
      monthlyVolumeCents: 5_000_000,
      monthlyHighVolumeCents: 9_000_000,
      revShare: 35,
    });
  });

  it("keeps the application's own revenue share, tickets and volumes", async () => {
    await setInheritedSettings(summit);
    const enrollmentId = await enrollUnder(summit);
    const edit = await callAs(ctx.app, demo.admin, 'PATCH', '/api/enroll/edit', {
      meta: JSON.stringify({
        id: enrollmentId,
        rev_share: '20',
        avg_ticket: '42.00',
        high_ticket: '2500.00',
        monthly_volume: '12500.00',
        monthly_high_volume: '30000.00',
      }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const clientId = await approve(enrollmentId);
    expect(await inheritedSettingsOf(clientId)).toEqual({
      onboard: true,
      enrollEmail: 'custom',
      pauseSettlement: true,
      avgTicketCents: 4_200,
      highTicketCents: 250_000,
      monthlyVolumeCents: 1_250_000,
      monthlyHighVolumeCents: 3_000_000,
      revShare: 20,
    });
  });

  it('keeps the column defaults under a parent that hands down none of them', async () => {
    const clientId = await approve(await enrollUnder(blueriver, { monthly_volume: undefined }));
    expect(await inheritedSettingsOf(clientId)).toEqual({
      onboard: false,
      enrollEmail: 'true',
      pauseSettlement: false,
      avgTicketCents: null,
      highTicketCents: 1_000_000,
      monthlyVolumeCents: null,
      monthlyHighVolumeCents: null,
      revShare: 50,
    });
  });

  it('applies them when the sandbox creates the account before approval', async () => {
    const enrollmentId = await enrollUnder(summit);
    const sandbox = await callAs(ctx.app, demo.admin, 'POST', `/api/createsandbox?id=${enrollmentId}`);
    expect(sandbox.statusCode, sandbox.body).toBe(200);
    const clientId = await approve(enrollmentId);
    expect(await processorsOf(clientId)).toEqual({ payment: 'epx', ach: 'propay', terminals: 'pax' });
  });
});
