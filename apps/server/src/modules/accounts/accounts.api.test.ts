import { AccountText, KeystoreText } from '@portico/contracts/clients/account-detail';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, outboxFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { clientBankAccounts, clientKeystore, clientPricing, clients } from '../../db/schema/clients';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { auditLog } from '../../db/schema/system';

// The account detail page's calls.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harborLane: string;
let magnolia: string;
let copperKettle: string;

async function clientIdOfDba(dbaName: string) {
  const [row] = await ctx.app.db.select({ id: clients.id }).from(clients).where(eq(clients.dbaName, dbaName));
  if (!row) throw new Error(`no client ${dbaName}`);
  return row.id;
}

function patchAs(email: string, clientId: string, meta: object) {
  return callAs(ctx.app, email, 'PATCH', `/api/client/${clientId}`, { meta: JSON.stringify(meta) });
}

async function pricingOf(clientId: string) {
  const [row] = await ctx.app.db.select().from(clientPricing).where(eq(clientPricing.clientId, clientId));
  return row;
}

const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harborLane = await clientIdOfDba('Harbor Lane Coffee Roasters');
  magnolia = await clientIdOfDba('Magnolia Grill');
  copperKettle = await clientIdOfDba('Copper Kettle Bistro');
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/account/{clientid}: the sections each role gets', () => {
  async function viewOf(email: string, clientId: string) {
    const res = await callAs(ctx.app, email, 'GET', `/api/account/${clientId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().message;
  }

  it('gives staff the full view with the secret API key and every sensitive field masked', async () => {
    const account = await viewOf(demo.admin, harborLane);
    expect(account.view.sections).toEqual([
      'business',
      'address',
      'contact',
      'business_details',
      'principals',
      'processing',
      'keystore',
      'risk',
      'schedule_a',
      'bank',
      'settings',
      'features',
    ]);
    expect(account.view).toMatchObject({
      can_edit: true,
      can_reveal: true,
      is_staff: true,
      can_change_parent: true,
      shows_enablement_options: true,
    });
    expect(account.api_key).toEqual(expect.any(String));
    expect(account.fields.card_rate).toBe('2.59+0.10');
    expect(account.fields.mcc_code).toBe('5814');
    expect(account.fields.account_number).toMatch(/^\*{4}\d{4}$/);
    expect(account.fields.routing_number).toMatch(/^\*{5}\d{4}$/);
    expect(account.fields.principal_ssn).toMatch(/^\*{3}-\*{2}-\d{4}$/);
    expect(account.fields.principal_date_of_birth).toBe('****-**-**');
    expect(account.parent.name).toBe('Summit Merchant Services');
  });

  it('gives a parent processing and Schedule A of its merchant, not the owners, risk or the API key', async () => {
    const account = await viewOf(demo.reseller, harborLane);
    expect(account.view.sections).toEqual(
      expect.arrayContaining(['business', 'address', 'contact', 'processing', 'schedule_a']),
    );
    expect(account.view.sections).not.toContain('principals');
    expect(account.view.sections).not.toContain('risk');
    expect(account.fields).not.toHaveProperty('principal_ssn');
    expect(account.api_key).toBeNull();
    expect(account.view).toMatchObject({
      is_staff: false,
      can_change_parent: false,
      shows_enablement_options: false,
      shows_users_contacts: true,
    });
  });

  it('gives a merchant user its own account without processing, pricing or risk', async () => {
    const account = await viewOf(demo.owner, harborLane);
    expect(account.view.sections).toEqual(expect.arrayContaining(['business', 'principals', 'bank']));
    for (const hidden of ['processing', 'schedule_a', 'risk', 'interchange']) {
      expect(account.view.sections).not.toContain(hidden);
    }
    expect(account.fields).not.toHaveProperty('card_rate');
    expect(account.view).toMatchObject({ can_edit: true, shows_users_contacts: false });
  });

  it('hides the owners, the bank account and the settings from a processor-audit user, who cannot edit', async () => {
    const account = await viewOf(demo.audit, harborLane);
    for (const hidden of ['principals', 'bank', 'settings', 'features']) {
      expect(account.view.sections).not.toContain(hidden);
    }
    expect(account.view.can_edit).toBe(false);
    expect(account.view.can_reveal).toBe(false);
    expect(account.api_key).toBeNull();
  });

  it('refuses a merchant user a foreign account (403)', async () => {
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/account/${magnolia}`);
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /api/client/{clientid}', () => {
  it('saves pricing and Schedule A, and the Events panel lists who changed which field from what to what', async () => {
    const res = await patchAs(demo.admin, harborLane, {
      id: harborLane,
      card_rate: '2.95+0.25',
      etf: '450.00',
      monthly_fee: '12.5',
      legal_name: 'Harbor Lane Coffee Co. LLC',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.changed.sort()).toEqual(['card_rate', 'etf', 'monthly_fee']);
    const pricing = await pricingOf(harborLane);
    expect(pricing).toMatchObject({ cardRate: '2.95+0.25', etfCents: 45_000, monthlyFeeCents: 1_250 });

    const reread = await callAs(ctx.app, demo.admin, 'GET', `/api/account/${harborLane}`);
    expect(reread.json().message.fields).toMatchObject({
      card_rate: '2.95+0.25',
      etf: '450.00',
      monthly_fee: '12.50',
    });

    const events = await callAs(ctx.app, demo.admin, 'GET', `/api/account/${harborLane}/events`);
    expect(events.statusCode, events.body).toBe(200);
    const [latest] = events.json().message;
    expect(latest).toMatchObject({ action: 'account.edit', actor: demo.admin });
    expect(latest.changes).toEqual(
      expect.arrayContaining([
        { field: 'card_rate', label: 'Card Rate', old: '2.59+0.10', new: '2.95+0.25' },
        { field: 'etf', label: 'ETF', old: expect.any(String), new: '450.00' },
      ]),
    );
  });

  it('refuses an unknown key in meta (strict body) and changes nothing', async () => {
    const before = await pricingOf(harborLane);
    const res = await patchAs(demo.admin, harborLane, { card_rate: '3.10+0.30', is_admin: true });
    expect(res.statusCode).toBe(400);
    expect(await pricingOf(harborLane)).toEqual(before);
  });

  it('refuses an unknown key next to meta', async () => {
    const res = await callAs(ctx.app, demo.admin, 'PATCH', `/api/client/${harborLane}`, {
      meta: JSON.stringify({ card_rate: '3.10+0.30' }),
      extra: 1,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a foreign account with 403 and changes nothing', async () => {
    const before = await pricingOf(magnolia);
    const res = await patchAs(demo.owner, magnolia, { name: 'Taken over' });
    expect(res.statusCode).toBe(403);
    const [row] = await ctx.app.db
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, magnolia));
    expect(row?.name).not.toBe('Taken over');
    expect(await pricingOf(magnolia)).toEqual(before);
  });

  it('refuses a merchant pricing its own account', async () => {
    const res = await patchAs(demo.owner, harborLane, { card_rate: '1.00+0.01' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'ACCOUNT_SECTION_NOT_ALLOWED' });
    expect((await pricingOf(harborLane))?.cardRate).toBe('2.95+0.25');
  });

  it('refuses a card rate below the base rate of the MCC code and changes nothing', async () => {
    const res = await patchAs(demo.admin, harborLane, { card_rate: '2.10+0.10' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toContain(AccountText.MccRateBelowFloor);
    expect((await pricingOf(harborLane))?.cardRate).toBe('2.95+0.25');
  });

  it('refuses a routing number with a wrong check digit', async () => {
    const res = await patchAs(demo.admin, harborLane, {
      routing_number: '011000016',
      account_number: '123456789',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(AccountText.RoutingNumberInvalid);
  });

  it('lets only staff change the level', async () => {
    const res = await patchAs(demo.owner, harborLane, { level: 'Parent' });
    expect(res.statusCode).toBe(403);
  });
});

describe('payout bank account and reveal', () => {
  it('audits a payout account change with masked values and e-mails the primary contact', async () => {
    const mailedBefore = (await outboxFor(ctx.app.db, 'contact@harborlane.example')).length;
    const res = await patchAs(demo.admin, harborLane, {
      email: 'contact@harborlane.example',
      account_number: '000123456789',
      routing_number: '011000015',
    });
    expect(res.statusCode, res.body).toBe(200);

    const account = (await callAs(ctx.app, demo.admin, 'GET', `/api/account/${harborLane}`)).json().message;
    expect(account.fields.account_number).toBe('****6789');
    expect(account.fields.routing_number).toBe('*****0015');
    expect(JSON.stringify(account)).not.toContain('000123456789');

    const [bank] = await ctx.app.db
      .select()
      .from(clientBankAccounts)
      .where(eq(clientBankAccounts.clientId, harborLane));
    expect(bank?.accountNumberEnc).not.toContain('000123456789');

    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, harborLane), eq(auditLog.action, 'account.edit')))
      .orderBy(desc(auditLog.createdAt));
    expect(JSON.stringify(entry?.details)).not.toContain('000123456789');
    expect(entry?.details).toMatchObject({
      payout_account_changed: true,
      notified: 'contact@harborlane.example',
    });

    const mail = await outboxFor(ctx.app.db, 'contact@harborlane.example');
    expect(mail.length).toBe(mailedBefore + 1);
    expect(mail[0]?.subject).toBe(AccountText.BankChangedSubject);
  });

  it('reveals a sensitive field to staff through its own audited call', async () => {
    const res = await callAs(ctx.app, demo.admin, 'POST', `/api/account/${harborLane}/reveal`, {
      field: 'account_number',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toEqual({ field: 'account_number', value: '000123456789' });
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, harborLane), eq(auditLog.action, 'reveal')))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ actorEmail: demo.admin, details: { field: 'account_number' } });
  });

  it('refuses a reveal to a user without the permissions permission and to a foreign caller', async () => {
    const barista = await callAs(ctx.app, demo.barista, 'POST', `/api/account/${harborLane}/reveal`, {
      field: 'account_number',
    });
    expect(barista.statusCode).toBe(403);
    const foreign = await callAs(ctx.app, demo.copperOwner, 'POST', `/api/account/${harborLane}/reveal`, {
      field: 'account_number',
    });
    expect(foreign.statusCode).toBe(403);
    const notSensitive = await callAs(ctx.app, demo.admin, 'POST', `/api/account/${harborLane}/reveal`, {
      field: 'name',
    });
    expect(notSensitive.statusCode).toBe(400);
  });
});

describe('logo, hierarchy and the side calls', () => {
  it('refuses a logo that is not an image by content', async () => {
    const res = await callAs(ctx.app, demo.admin, 'POST', '/api/logo', {
      client_id: harborLane,
      document: {
        name: 'logo.png',
        extension: 'png',
        content: Buffer.from('<svg></svg>').toString('base64'),
      },
    });
    expect(res.statusCode).toBe(415);
    const [row] = await ctx.app.db
      .select({ key: clients.logoStorageKey })
      .from(clients)
      .where(eq(clients.id, harborLane));
    expect(row?.key ?? null).toBeNull();
  });

  it("stores a PNG logo that the merchant's users then get as their sidebar logo", async () => {
    const res = await callAs(ctx.app, demo.admin, 'POST', '/api/logo', {
      client_id: harborLane,
      document: { name: 'logo.png', extension: 'png', content: pngBytes.toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const logo = await callAs(ctx.app, demo.owner, 'GET', '/api/logo');
    expect(logo.json().message).toBe(pngBytes.toString('base64'));
  });

  it('refuses a logo for a foreign account', async () => {
    const res = await callAs(ctx.app, demo.owner, 'POST', '/api/logo', {
      client_id: magnolia,
      document: { name: 'logo.png', extension: 'png', content: pngBytes.toString('base64') },
    });
    expect(res.statusCode).toBe(403);
  });

  it('moves an account under another parent by legal name, listed in its events', async () => {
    const res = await callAs(ctx.app, demo.admin, 'POST', '/api/client/hierarchy', {
      clientid: copperKettle,
      parent_legal_name: 'Summit Merchant Services LLC',
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = (await callAs(ctx.app, demo.admin, 'GET', `/api/account/${copperKettle}`)).json().message;
    expect(account.parent.name).toBe('Summit Merchant Services');
    const events = (await callAs(ctx.app, demo.admin, 'GET', `/api/account/${copperKettle}/events`)).json()
      .message;
    expect(events[0]).toMatchObject({
      action: 'account.hierarchy',
      changes: [{ field: 'parent', new: 'Summit Merchant Services' }],
    });
  });

  it('refuses a hierarchy change to a parent user and to an unknown parent', async () => {
    const parent = await callAs(ctx.app, demo.reseller, 'POST', '/api/client/hierarchy', {
      clientid: harborLane,
      parent_legal_name: 'Summit Merchant Services LLC',
    });
    expect(parent.statusCode).toBe(403);
    const unknown = await callAs(ctx.app, demo.admin, 'POST', '/api/client/hierarchy', {
      clientid: harborLane,
      parent_legal_name: 'Nobody LLC',
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('answers the level, the MCC list with base rates and the KYC report', async () => {
    const level = await callAs(ctx.app, demo.owner, 'GET', `/api/is-parent-merchant/${harborLane}`);
    expect(level.json().message).toEqual({ level: 'Merchant' });
    const mcc = await callAs(ctx.app, demo.owner, 'GET', '/api/mcc');
    expect(mcc.json().message).toEqual(
      expect.arrayContaining([{ mcc_code: '5814', label: 'Fast Food Restaurants', card_rate: '2.59+0.10' }]),
    );
    const kyc = await callAs(ctx.app, demo.admin, 'GET', `/api/report/kyc?client_id=${harborLane}`);
    // Harbor Lane came through an enrollment (demo seed).
    expect(kyc.statusCode, kyc.body).toBe(200);
    expect(kyc.json().message).toMatchObject({ enrollment_id: expect.any(String) });
    const kycByMerchant = await callAs(ctx.app, demo.owner, 'GET', `/api/report/kyc?client_id=${harborLane}`);
    expect(kycByMerchant.statusCode).toBe(403);
  });

  it('keeps events from merchant users', async () => {
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/account/${harborLane}/events`);
    expect(res.statusCode).toBe(403);
  });
});

describe('processor identifiers (keystore) and the account fields of the record', () => {
  async function keystoreOf(clientId: string) {
    const [row] = await ctx.app.db.select().from(clientKeystore).where(eq(clientKeystore.clientId, clientId));
    return row;
  }

  it('answers keystore, wallet, mccConfigs, country, logo and whitelabel, secrets masked', async () => {
    const copper = await callAs(ctx.app, demo.admin, 'GET', `/api/account/${copperKettle}`);
    expect(copper.statusCode).toBe(200);
    const account = copper.json().message;
    expect(account).toHaveProperty('country', 'US');
    expect(account).toHaveProperty('wallet');
    expect(account).toHaveProperty('whitelabel', null);
    expect(account.logo === null || account.logo.startsWith('data:image/')).toBe(true);
    expect(Array.isArray(account.mccConfigs)).toBe(true);
    // An EPX merchant: the merchant identifier in clear, the external key as its mask only.
    expect(account.keystore.epx_merchant_identifier).toMatch(/^9001\d{8}$/);
    expect(account.keystore.epx_external_key).toMatch(/^\*{4}[A-Za-z0-9]{0,4}$/);
    expect(account.fields.epx_external_key).toBe(account.keystore.epx_external_key);
    expect(Object.keys(account.keystore).sort()).toEqual(
      [
        'b_id',
        'b_mid',
        'curpay_id',
        'epx_external_key',
        'epx_merchant_identifier',
        'forum_pay_identifier',
        'heartland_public_key',
        'm_mid',
        'm_pid',
        'propay_mid',
      ].sort(),
    );
    // A merchant user without Permissions sees neither identifiers nor pricing per MCC.
    const own = (await callAs(ctx.app, demo.barista, 'GET', `/api/account/${harborLane}`)).json().message;
    expect(own.keystore).toBeNull();
    expect(own.mccConfigs).toBeNull();
    expect(own.fields).not.toHaveProperty('heartland_public_key');
  });

  it('answers the stored logo as a data URL once one is uploaded, null before', async () => {
    const before = (await callAs(ctx.app, demo.admin, 'GET', `/api/account/${magnolia}`)).json().message;
    expect(before.logo).toBeNull();
    const upload = await callAs(ctx.app, demo.admin, 'POST', '/api/logo', {
      client_id: magnolia,
      document: { name: 'logo', extension: 'png', content: pngBytes.toString('base64') },
    });
    expect(upload.statusCode).toBe(200);
    const after = (await callAs(ctx.app, demo.admin, 'GET', `/api/account/${magnolia}`)).json().message;
    expect(after.logo).toBe(`data:image/png;base64,${pngBytes.toString('base64')}`);
    expect(after.has_logo).toBe(true);
  });

  it('lets staff change identifiers: numeric and text kept, a secret sealed, masked and audited', async () => {
    const res = await patchAs(demo.admin, harborLane, {
      id: harborLane,
      heartland_public_key: 'pkapi_cert_AbC123',
      propay_mid: '123456789',
      b_id: 'API_0123456789:secretLogin9x',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.changed.sort()).toEqual(['b_id', 'heartland_public_key', 'propay_mid']);
    const stored = await keystoreOf(harborLane);
    expect(stored).toMatchObject({
      heartlandPublicKey: 'pkapi_cert_AbC123',
      propayMid: '123456789',
      bIdLast4: 'in9x',
    });
    expect(stored?.bIdEnc).not.toContain('secretLogin');
    expect(ctx.app.fieldCipher().decrypt(stored?.bIdEnc ?? '', encryptedColumn.keystoreBId)).toBe(
      'API_0123456789:secretLogin9x',
    );
    const [audit] = await ctx.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.edit'), eq(auditLog.clientId, harborLane)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(JSON.stringify(audit?.details)).not.toContain('secretLogin');
    expect(audit?.details).toMatchObject({
      changes: expect.arrayContaining([
        expect.objectContaining({ field: 'b_id', old: null, new: '****in9x' }),
        expect.objectContaining({ field: 'propay_mid', new: '123456789' }),
      ]),
    });
    const account = (await callAs(ctx.app, demo.admin, 'GET', `/api/account/${harborLane}`)).json().message;
    expect(account.keystore).toMatchObject({ b_id: '****in9x', propay_mid: '123456789' });
    // The mask sent back keeps the secret; the reveal call gives it to staff, audited.
    expect((await patchAs(demo.admin, harborLane, { b_id: '****in9x' })).json().message.changed).toEqual([]);
    const revealed = await callAs(ctx.app, demo.admin, 'POST', `/api/account/${harborLane}/reveal`, {
      field: 'b_id',
    });
    expect(revealed.json().message.value).toBe('API_0123456789:secretLogin9x');
  });

  it("refuses a value breaking its rule with the field's message and saves nothing", async () => {
    const before = await keystoreOf(copperKettle);
    for (const [field, value, message] of [
      ['epx_merchant_identifier', '9001-1234', KeystoreText.numericInvalid('EPX Merchant Identifier')],
      ['m_mid', '1'.repeat(21), KeystoreText.numericInvalid('MerchantE MID')],
      ['curpay_id', 'cp with space', KeystoreText.textInvalid('CurPay ID')],
      ['epx_external_key', 'short', KeystoreText.secretInvalid('EPX External Key')],
    ] as const) {
      const res = await patchAs(demo.admin, copperKettle, { [field]: value, propay_mid: '42' });
      expect(res.statusCode, field).toBe(400);
      expect(res.body, field).toContain(message);
    }
    expect(await keystoreOf(copperKettle)).toEqual(before);
  });

  it('keeps identifiers staff-only: a parent sees them, cannot change them', async () => {
    const view = (await callAs(ctx.app, demo.reseller, 'GET', `/api/account/${harborLane}`)).json().message;
    expect(view.view.sections).toContain('keystore');
    expect(view.view.editable_sections).not.toContain('keystore');
    const before = await keystoreOf(harborLane);
    const res = await patchAs(demo.reseller, harborLane, { propay_mid: '999' });
    expect(res.statusCode).toBe(403);
    expect(await keystoreOf(harborLane)).toEqual(before);
  });

  it('refuses pausing settlement of a Bluesnap account, and moving a paused account to Bluesnap', async () => {
    const riverbend = await clientIdOfDba('Riverbend Auto Care');
    const paused = await patchAs(demo.admin, riverbend, { pause_settlement: true });
    expect(paused.statusCode).toBe(422);
    expect(paused.json().error).toEqual({
      code: 'ACCOUNT_PAUSE_NOT_ALLOWED',
      message: AccountText.PauseNotAllowed,
    });
    expect((await patchAs(demo.admin, magnolia, { pause_settlement: true })).statusCode).toBe(200);
    expect((await patchAs(demo.admin, magnolia, { payment: 'bluesnap' })).statusCode).toBe(422);
    expect((await patchAs(demo.admin, magnolia, { pause_settlement: false })).statusCode).toBe(200);
  });
});
