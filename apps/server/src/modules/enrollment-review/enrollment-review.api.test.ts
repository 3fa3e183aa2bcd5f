import { EnrollText } from '@portico/contracts/enrollment/enroll';
import {
  EnrollmentRecordErrorCode,
  EnrollmentRecordText,
  enrollmentEditMeta,
} from '@portico/contracts/enrollment/enrollment-record';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import {
  applicantSecrets,
  buildMerchantApplication,
  enrollThroughApi,
  firstPrincipal,
} from '../../../test/enrollment-fixtures';
import { issueMessages } from '../../../test/error-body';
import { clients } from '../../db/schema/clients';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { enrollmentPrincipals, enrollments } from '../../db/schema/enrollments';
import { auditLog } from '../../db/schema/system';
import { createFieldCipher } from '../../lib/crypto/field-cipher';

const dataKeyHex = '6a'.repeat(32);
const cipher = createFieldCipher(Buffer.from(dataKeyHex, 'hex'));
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const ids = { summit: '', juniper: '', fernFig: '', gulfCoast: '', lighthouse: '' };

// The clear values the enrollment below is created with: none may appear in any answer.
const clear = {
  ...applicantSecrets,
  ssnDigits: '123456789',
  secondSsn: '987-65-4320',
};

async function call(email: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const cookie = await sessionCookieFor(ctx.app.db, email);
  if (payload === undefined) return ctx.app.inject({ method, url, headers: { cookie } });
  return ctx.app.inject({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

const getRecord = (email: string, id: string) => call(email, 'GET', `/api/enroll?id=${id}`);
const edit = (email: string, meta: Record<string, unknown>) =>
  call(email, 'PATCH', '/api/enroll/edit', { meta: JSON.stringify(meta) });

async function idOf(dbaName: string) {
  const [row] = await ctx.app.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.dbaName, dbaName));
  if (!row) throw new Error(`no enrollment ${dbaName}`);
  return row.id;
}

async function storedRow(id: string) {
  const [row] = await ctx.app.db.select().from(enrollments).where(eq(enrollments.id, id));
  if (!row) throw new Error(`no enrollment ${id}`);
  return row;
}

async function storedPrincipal(id: string, position: number) {
  const [row] = await ctx.app.db
    .select()
    .from(enrollmentPrincipals)
    .where(and(eq(enrollmentPrincipals.enrollmentId, id), eq(enrollmentPrincipals.position, position)));
  return row;
}

// What the page sends back: every editable field of the record as it was received.
function editableFieldsOf(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(enrollmentEditMeta.shape).map((key) => [key, record[key]]));
}

function expectNoClearValues(text: string) {
  for (const value of [
    clear.ssn,
    clear.ssnDigits,
    clear.secondSsn,
    '987654320',
    clear.taxId,
    '123456789',
    clear.account,
    clear.routing,
    clear.birth,
  ]) {
    expect(text).not.toContain(value);
  }
}

beforeAll(async () => {
  ctx = await buildTestApp({ dataKeyHex }, { demoAccounts: true });
  const [summit] = await ctx.app.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.name, 'Summit Merchant Services'));
  ids.summit = summit?.id ?? '';
  ids.juniper = await enrollThroughApi(
    ctx.app,
    demo.reseller,
    buildMerchantApplication(ids.summit, {
      avg_ticket: '18.5',
      principals: [firstPrincipal, { first_name: 'Omar', last_name: 'Reyes', ssn: clear.secondSsn }],
    }),
  );
  ids.fernFig = await idOf('Fern & Fig Kitchen');
  ids.gulfCoast = await idOf('Gulf Coast Marine Supply');
  ids.lighthouse = await idOf('Lighthouse Yoga Studio');
});
afterAll(() => ctx.close());

describe('GET /api/enroll?id=', () => {
  it('answers the record with every sensitive number masked to its last four', async () => {
    const res = await getRecord(demo.admin, ids.juniper);
    expect(res.statusCode).toBe(200);
    expectNoClearValues(res.body);
    expect(res.json().message).toMatchObject({
      id: ids.juniper,
      parent_id: ids.summit,
      client_id: null,
      application_status: null,
      dba_name: 'Juniper Bakery',
      legal_name: 'Juniper Bakery LLC',
      fed_tx_id: '**-***6789',
      account_number: '****6789',
      routing_number: '*****0021',
      principal_first_name: 'June',
      principal_ssn: '***-**-6789',
      principal_date_of_birth: '****-**-**',
      two_principal_first_name: 'Omar',
      two_principal_ssn: '***-**-4320',
      two_principal_date_of_birth: null,
      three_principal_first_name: null,
      four_principal_ssn: null,
      card_rate: 'IC+35bps+10c',
      ach_rate: '0.50+0.30',
      // Cents in the database, dollars with 2 places on the wire (as the enroll body sends them).
      monthly_volume: '12500.00',
      avg_ticket: '18.50',
      etf: null,
      parent_name: 'Summit Merchant Services',
      white_label: null,
      enroll_email: 'true',
      w_enrollMessage: expect.stringContaining('Welcome to Summit Merchant Services'),
    });
  });

  it('carries the parent welcome e-mail switch and white-label brand of each parent', async () => {
    const gulf = (await getRecord(demo.admin, ids.gulfCoast)).json().message;
    expect(gulf).toMatchObject({ parent_name: 'BlueRiver Payments Group', enroll_email: 'false' });
    const yoga = (await getRecord(demo.healnow, ids.lighthouse)).json().message;
    expect(yoga).toMatchObject({
      parent_name: 'HealNow Health Payments',
      white_label: 'HealNow',
      enroll_email: 'custom',
      w_enrollMessage: null,
      etf: '500.00',
      pci_fee: '19.95',
      card_swiped: 40,
    });
  });

  it('lets staff reach every enrollment and a parent only those of its hierarchy', async () => {
    expect((await getRecord(demo.admin, ids.gulfCoast)).statusCode).toBe(200);
    // The onboarding list does not narrow white-label staff either: healnow reaches every enrollment.
    expect((await getRecord(demo.healnow, ids.fernFig)).statusCode).toBe(200);
    expect((await getRecord(demo.reseller, ids.fernFig)).statusCode).toBe(200);
    const foreign = await getRecord(demo.reseller, ids.gulfCoast);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('Gulf Coast');
    expect((await getRecord(demo.owner, ids.fernFig)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/enroll?id=${ids.fernFig}` })).statusCode).toBe(
      401,
    );
  });

  it('answers 404 to staff for a missing enrollment, 403 to a parent (no existence oracle), 400 to a bad id', async () => {
    const missing = '00000000-0000-4000-8000-00000000dead';
    const admin = await getRecord(demo.admin, missing);
    expect(admin.statusCode).toBe(404);
    expect(admin.json().error).toMatchObject({
      code: EnrollmentRecordErrorCode.NotFound,
      message: EnrollmentRecordText.NotFound,
    });
    expect((await getRecord(demo.reseller, missing)).statusCode).toBe(403);
    expect((await getRecord(demo.admin, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('PATCH /api/enroll/edit', () => {
  it('saves the edited fields in one audited change and the next read shows them', async () => {
    const before = await storedRow(ids.juniper);
    const res = await edit(demo.admin, {
      id: ids.juniper,
      dba_name: 'Juniper Bakery & Cafe',
      business_city: 'Boulder',
      business_state_province: 'CO',
      business_postal_code: '80302',
      card_rate: '2.75+0.25',
      etf: '12.34',
      card_swiped: 60,
      principal_title: 'Owner',
      three_principal_first_name: 'Ada',
      three_principal_ssn: '111-22-3333',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.id).toBe(ids.juniper);

    const after = await storedRow(ids.juniper);
    expect(after).toMatchObject({
      dbaName: 'Juniper Bakery & Cafe',
      businessCity: 'Boulder',
      cardRate: '2.75+0.25',
      etfCents: 1234,
      cardSwipedPercent: 60,
      // Untouched fields stay.
      legalName: 'Juniper Bakery LLC',
      accountNumberEnc: before.accountNumberEnc,
    });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(res.json().message.updated_at).toBe(after.updatedAt.toISOString());
    const third = await storedPrincipal(ids.juniper, 3);
    expect(third).toMatchObject({ firstName: 'Ada', ssnLast4: '3333' });
    expect(cipher.decrypt(third?.ssnEnc ?? '', encryptedColumn.enrollmentPrincipalSsn)).toBe('111223333');

    const record = (await getRecord(demo.admin, ids.juniper)).json().message;
    expect(record).toMatchObject({
      dba_name: 'Juniper Bakery & Cafe',
      business_city: 'Boulder',
      etf: '12.34',
      card_swiped: 60,
      principal_title: 'Owner',
      three_principal_ssn: '***-**-3333',
    });

    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, ids.juniper), eq(auditLog.action, 'enrollment.edit')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ outcome: 'success', actorEmail: demo.admin, clientId: ids.summit });
    expect(audits[0]?.details).toEqual({
      fields: expect.arrayContaining(['dba_name', 'etf', 'three_principal_ssn']),
    });
    expect(JSON.stringify(audits[0]?.details)).not.toContain('3333');
  });

  it('keeps the stored encrypted values when the masks come back unchanged', async () => {
    const before = await storedRow(ids.juniper);
    const principalBefore = await storedPrincipal(ids.juniper, 1);
    const record = (await getRecord(demo.admin, ids.juniper)).json().message;
    const res = await edit(demo.admin, { ...editableFieldsOf(record), business_city: 'Longmont' });
    expect(res.statusCode).toBe(200);
    expectNoClearValues(res.body);

    const after = await storedRow(ids.juniper);
    expect(after.businessCity).toBe('Longmont');
    expect(after.fedTxIdEnc).toBe(before.fedTxIdEnc);
    expect(after.accountNumberEnc).toBe(before.accountNumberEnc);
    expect(after.routingNumberEnc).toBe(before.routingNumberEnc);
    expect(cipher.decrypt(after.accountNumberEnc ?? '', encryptedColumn.enrollmentAccountNumber)).toBe(
      clear.account,
    );
    const principalAfter = await storedPrincipal(ids.juniper, 1);
    expect(principalAfter?.ssnEnc).toBe(principalBefore?.ssnEnc);
    expect(principalAfter?.dateOfBirthEnc).toBe(principalBefore?.dateOfBirthEnc);
    expect(cipher.decrypt(principalAfter?.ssnEnc ?? '', encryptedColumn.enrollmentPrincipalSsn)).toBe(
      clear.ssnDigits,
    );
    expectNoClearValues((await getRecord(demo.admin, ids.juniper)).body);
  });

  it('replaces a sensitive number only with a new clear value, encrypted, and clears it when blank', async () => {
    const res = await edit(demo.admin, {
      id: ids.juniper,
      account_number: '555566667777',
      principal_ssn: '222-33-4444',
      routing_number: '',
    });
    expect(res.statusCode).toBe(200);
    const row = await storedRow(ids.juniper);
    expect(row.accountNumberLast4).toBe('7777');
    expect(row.accountNumberEnc).not.toContain('555566667777');
    expect(cipher.decrypt(row.accountNumberEnc ?? '', encryptedColumn.enrollmentAccountNumber)).toBe(
      '555566667777',
    );
    expect(row).toMatchObject({ routingNumberEnc: null, routingNumberLast4: null });
    const first = await storedPrincipal(ids.juniper, 1);
    expect(cipher.decrypt(first?.ssnEnc ?? '', encryptedColumn.enrollmentPrincipalSsn)).toBe('222334444');
    const record = await getRecord(demo.admin, ids.juniper);
    expect(record.body).not.toContain('555566667777');
    expect(record.body).not.toContain('222-33-4444');
    expect(record.json().message).toMatchObject({
      account_number: '****7777',
      routing_number: null,
      principal_ssn: '***-**-4444',
    });
  });

  it('lets a parent edit the account sections of its own enrollment but never processing', async () => {
    const ok = await edit(demo.reseller, { id: ids.juniper, website: 'https://juniper.example' });
    expect(ok.statusCode).toBe(200);
    expect((await storedRow(ids.juniper)).website).toBe('https://juniper.example');

    const before = await storedRow(ids.juniper);
    for (const meta of [
      { id: ids.juniper, card_rate: '1.00+0.05' },
      { id: ids.juniper, etf: '0.00', business_city: 'Denver' },
      { id: ids.juniper, card_p2c: true },
    ]) {
      const refused = await edit(demo.reseller, meta);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: EnrollmentRecordErrorCode.ProcessingNotAllowed,
        message: EnrollmentRecordText.ProcessingNotAllowed,
      });
    }
    const after = await storedRow(ids.juniper);
    expect(after).toMatchObject({
      cardRate: before.cardRate,
      etfCents: before.etfCents,
      businessCity: before.businessCity,
      cardP2c: before.cardP2c,
    });
    const denials = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.actorEmail, demo.reseller)));
    expect(denials.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a parent outside its hierarchy and roles without enrollment review', async () => {
    const before = await storedRow(ids.gulfCoast);
    expect((await edit(demo.reseller, { id: ids.gulfCoast, business_city: 'Nowhere' })).statusCode).toBe(403);
    expect((await edit(demo.owner, { id: ids.fernFig, business_city: 'Nowhere' })).statusCode).toBe(403);
    expect((await storedRow(ids.gulfCoast)).businessCity).toBe(before.businessCity);
    expect((await edit(demo.healnow, { id: ids.gulfCoast, business_city: 'Biloxi' })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown field', { client_id: '00000000-0000-4000-8000-000000000001' }, null],
    ['an invalid ZIP', { business_postal_code: '9720' }, EnrollText.ZipInvalid],
    ['a partial SSN', { principal_ssn: '12345' }, EnrollmentRecordText.SsnInvalid],
    [
      'a bad date of birth',
      { principal_date_of_birth: '04/12/1985' },
      EnrollmentRecordText.DateOfBirthInvalid,
    ],
    ['a bad card rate', { card_rate: '2.9%' }, EnrollmentRecordText.RateInvalid],
    ['an amount with 3 decimals', { etf: '1.005' }, EnrollmentRecordText.AmountInvalid],
    ['a transaction mix over 100', { internet: 101 }, EnrollmentRecordText.MixInvalid],
    ['a blank e-mail', { email: '' }, EnrollText.EmailRequired],
  ])('refuses %s with 400 and changes nothing', async (_name, change, message) => {
    const before = await storedRow(ids.juniper);
    const res = await edit(demo.admin, { id: ids.juniper, business_city: 'Changed', ...change });
    expect(res.statusCode).toBe(400);
    if (message) expect(issueMessages(res.body)).toEqual([message]);
    expect((await storedRow(ids.juniper)).updatedAt).toEqual(before.updatedAt);
  });

  it('refuses meta that is not a JSON object, a cleared business name and an unapproved MCC code', async () => {
    const notJson = await call(demo.admin, 'PATCH', '/api/enroll/edit', { meta: '{not json' });
    expect(notJson.statusCode).toBe(400);
    expect(issueMessages(notJson.body)).toEqual([EnrollmentRecordText.MetaNotJson]);
    const extraKey = await call(demo.admin, 'PATCH', '/api/enroll/edit', {
      meta: JSON.stringify({ id: ids.juniper }),
      id: ids.juniper,
    });
    expect(extraKey.statusCode).toBe(400);
    const cleared = await edit(demo.admin, { id: ids.juniper, dba_name: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.message).toBe(EnrollText.DbaRequired);
    const mcc = await edit(demo.admin, { id: ids.juniper, mcc_code: '0000' });
    expect(mcc.statusCode).toBe(400);
    expect(mcc.json().error.message).toBe(EnrollText.MccNotApproved);
  });

  it('answers 404 to staff editing a missing enrollment', async () => {
    const res = await edit(demo.admin, { id: '00000000-0000-4000-8000-00000000dead', business_city: 'X' });
    expect(res.statusCode).toBe(404);
  });
});
