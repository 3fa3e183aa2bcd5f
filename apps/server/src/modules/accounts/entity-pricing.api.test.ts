import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, clientIdNamed } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { clientConfigs } from '../../db/schema/clients';
import { auditLog } from '../../db/schema/system';

// The current entity pricing (parent level): the card, ACH and crypto rates a parent's
// sub-merchants start from, kept in client_configs.child_defaults and saved with the account page.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let summit: string;
let blueriver: string;

async function childDefaultsOf(clientId: string) {
  const [row] = await ctx.app.db
    .select({ childDefaults: clientConfigs.childDefaults })
    .from(clientConfigs)
    .where(eq(clientConfigs.clientId, clientId));
  return row?.childDefaults;
}

const patchAs = (email: string, clientId: string, meta: object) =>
  callAs(ctx.app, email, 'PATCH', `/api/client/${clientId}`, { meta: JSON.stringify(meta) });

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  summit = await clientIdNamed(ctx.app.db, 'Summit Merchant Services');
  blueriver = await clientIdNamed(ctx.app.db, 'BlueRiver Payments Group');
});
afterAll(async () => {
  await ctx.close();
});

describe('current entity pricing of a parent', () => {
  it('is read and changed by staff, audited with old and new values', async () => {
    const res = await patchAs(demo.admin, summit, {
      child_card_rate: '2.75+0.25',
      child_ach_rate: '0.80+0.30',
      child_crypto_rate: '1.00+0.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await childDefaultsOf(summit)).toMatchObject({
      card_rate: '2.75+0.25',
      ach_rate: '0.80+0.30',
      crypto_rate: '1.00+0.00',
    });
    const read = await callAs(ctx.app, demo.admin, 'GET', `/api/account/${summit}`);
    expect(read.json().message.fields).toMatchObject({
      child_card_rate: '2.75+0.25',
      child_ach_rate: '0.80+0.30',
      child_crypto_rate: '1.00+0.00',
    });
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, summit), eq(auditLog.action, 'account.edit')))
      .orderBy(desc(auditLog.createdAt));
    expect(entry?.details).toMatchObject({
      changes: expect.arrayContaining([{ field: 'child_card_rate', old: null, new: '2.75+0.25' }]),
    });
  });

  it('refuses a malformed rate and a key it does not know, and changes nothing', async () => {
    const before = await childDefaultsOf(summit);
    const malformed = await patchAs(demo.admin, summit, { child_card_rate: 'cheap' });
    expect(malformed.statusCode).toBe(400);
    const unknown = await patchAs(demo.admin, summit, { child_card_rate_typo: '2.00+0.10' });
    expect(unknown.statusCode).toBe(400);
    expect(await childDefaultsOf(summit)).toEqual(before);
  });

  it("refuses a parent another parent's pricing (403) and changes nothing", async () => {
    const before = await childDefaultsOf(blueriver);
    const res = await patchAs(demo.reseller, blueriver, { child_card_rate: '1.00+0.05' });
    expect(res.statusCode).toBe(403);
    expect(await childDefaultsOf(blueriver)).toEqual(before);
  });
});
