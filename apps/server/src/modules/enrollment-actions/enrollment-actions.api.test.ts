import {
  canProcessProductionPayments,
  EnrollmentActionErrorCode,
  EnrollmentActionText,
} from '@portico/contracts/enrollment/enrollment-actions';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor, sessionCookieFor } from '../../../test/auth-helpers';
import { testConfig } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildMerchantApplication, enrollThroughApi } from '../../../test/enrollment-fixtures';
import { issueMessages } from '../../../test/error-body';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { openTestDatabase } from '../../../test/test-database';
import { type App, buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { memberships } from '../../db/schema/access';
import { clientBankAccounts, clientPricing, clientPrincipals, clients } from '../../db/schema/clients';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { enrollmentPrincipals, enrollments } from '../../db/schema/enrollments';
import { notes } from '../../db/schema/notes';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import type { KycProvider } from '../../integrations/kyc/kyc-provider';
import { createFieldCipher } from '../../lib/crypto/field-cipher';
import { openSecretApiKey } from '../../lib/secret-api-key';

const dataKeyHex = '5a'.repeat(32);
const cipher = createFieldCipher(Buffer.from(dataKeyHex, 'hex'));
const bouncingAddress = 'bounce@dev.example';

let smtp: SmtpPeer;
let database: DatabaseHandle;
let publicUrl = '';
let app: App;
// Same database, a KYC provider that cannot answer.
let brokenKycApp: App;
const ids = { summit: '', blueriver: '', blueriverMerchant: '', summitMerchant: '' };

const unreachableKyc: KycProvider = {
  name: 'unreachable',
  verify: async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.1:443 (ssn 123-45-6789)');
  },
};

async function call(
  email: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  target: App = app,
) {
  const cookie = await sessionCookieFor(target.db, email);
  if (payload === undefined) return target.inject({ method, url, headers: { cookie } });
  return target.inject({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

let applicationCount = 0;

// Each application under its own name and e-mail: approving one makes a client and users of them.
async function enrollMerchant(overrides: Record<string, unknown> = {}): Promise<string> {
  applicationCount += 1;
  return enrollThroughApi(
    app,
    demo.admin,
    buildMerchantApplication(ids.summit, {
      dba_name: `Juniper Bakery ${applicationCount}`,
      legal_name: `Juniper Bakery ${applicationCount} LLC`,
      email: `owner${applicationCount}@juniper.example`,
      ...overrides,
    }),
  );
}

async function enrollmentRow(id: string) {
  const [row] = await app.db.select().from(enrollments).where(eq(enrollments.id, id));
  if (!row) throw new Error(`no enrollment ${id}`);
  return row;
}

async function clientRow(id: string) {
  const [row] = await app.db.select().from(clients).where(eq(clients.id, id));
  if (!row) throw new Error(`no client ${id}`);
  return { ...row, apiKey: row.apiKeyEnc === null ? null : openSecretApiKey(cipher, row.apiKeyEnc) };
}

async function clientCount() {
  const [row] = await app.db.select({ n: count() }).from(clients);
  return row?.n ?? 0;
}

async function auditsOf(targetId: string) {
  const rows = await app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
  return rows.map((row) => [row.action, row.outcome, row.actorEmail]);
}

async function kycNotesOf(enrollmentId: string) {
  return app.db
    .select()
    .from(notes)
    .where(and(eq(notes.enrollmentId, enrollmentId), eq(notes.subDomain, 'KYC')));
}

async function approvedEnrollment(overrides: Record<string, unknown> = {}) {
  const id = await enrollMerchant(overrides);
  expect((await call(demo.admin, 'POST', '/api/kyc', { id })).statusCode).toBe(200);
  const res = await call(demo.admin, 'PATCH', '/api/enroll/approve', { id });
  expect(res.statusCode).toBe(200);
  return { id, clientId: String(res.json().message.client_id) };
}

async function clientIdByName(name: string) {
  const [row] = await app.db.select({ id: clients.id }).from(clients).where(eq(clients.name, name));
  if (!row) throw new Error(`no client ${name}`);
  return row.id;
}

async function merchantUnder(parentId: string) {
  const [row] = await app.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.parentId, parentId), eq(clients.level, 'Merchant')));
  if (!row) throw new Error(`no merchant under ${parentId}`);
  return row.id;
}

beforeAll(async () => {
  smtp = await startSmtpPeer((address) => address === bouncingAddress);
  const smtpUrl = smtp.url;

  database = await openTestDatabase({ demoAccounts: true });
  const config = testConfig({ dataKeyHex, smtpUrl, devMailboxEnabled: false });
  publicUrl = config.publicUrl;
  app = await buildApp({ config, database, logger: false });
  brokenKycApp = await buildApp({ config, database, logger: false, kyc: unreachableKyc });
  await app.ready();
  await brokenKycApp.ready();
  ids.summit = await clientIdByName('Summit Merchant Services');
  ids.blueriver = await clientIdByName('BlueRiver Payments Group');
  ids.blueriverMerchant = await merchantUnder(ids.blueriver);
  ids.summitMerchant = await merchantUnder(ids.summit);
});

afterAll(async () => {
  await brokenKycApp.close();
  await app.close();
  await database.close();
  await smtp.close();
});

describe('POST /api/kyc and GET /api/kyc', () => {
  it('passes with the sandbox and records the status, a KYC note and an audit entry', async () => {
    const id = await enrollMerchant();
    const res = await call(demo.admin, 'POST', '/api/kyc', { id });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('123456789');
    expect(res.body).not.toContain('123-45-6789');
    expect(res.json().message).toMatchObject({ enrollment_id: id, kyc_status: 'passed' });
    const row = await enrollmentRow(id);
    expect(row.kycStatus).toBe('passed');
    expect(row.kycCheckedAt?.toISOString()).toBe(res.json().message.kyc_checked_at);

    const view = await call(demo.healnow, 'GET', `/api/kyc?id=${id}`);
    expect(view.statusCode).toBe(200);
    const message = view.json().message;
    expect(message).toMatchObject({ kyc_status: 'passed', kyc_checked_at: row.kycCheckedAt?.toISOString() });
    expect(message.entries).toHaveLength(1);
    const [admin] = await app.db.select({ name: users.name }).from(users).where(eq(users.email, demo.admin));
    expect(message.entries[0]).toMatchObject({ status: 'passed', provider: 'sandbox', author: admin?.name });
    expect(message.entries[0].reference).toMatch(/^KYC-SBX-[0-9a-f]{12}$/);
    expect(message.entries[0].checks).toEqual([
      { subject: 'Business', outcome: 'passed', reason: 'Business verified' },
      { subject: 'Principal 1', outcome: 'passed', reason: 'Identity verified' },
    ]);

    // The notes panel reads the same run as a KYC note of the enrollment.
    const listed = await call(demo.admin, 'GET', `/api/notes?enrollment_id=${id}&sub_domain=KYC`);
    expect(listed.json().message.map((n: { sub_domain: string }) => n.sub_domain)).toEqual(['KYC']);
    expect(await auditsOf(id)).toContainEqual(['enrollment.kyc', 'success', demo.admin]);
  });

  it('fails an owner named Fail or with an SSN ending 0000, and lists runs newest first', async () => {
    const failing = await enrollMerchant({
      principals: [{ first_name: 'Ann', last_name: 'Fail', ssn: '123-45-6789' }],
    });
    const failed = await call(demo.admin, 'POST', '/api/kyc', { id: failing });
    expect(failed.json().message.kyc_status).toBe('failed');
    expect(failed.json().message.entry.comment).toBe(
      `KYC failed (sandbox ${failed.json().message.entry.reference}). Principal 1: Identity could not be verified`,
    );
    const zeros = await enrollMerchant({
      principals: [{ first_name: 'Bo', last_name: 'Lee', ssn: '123-45-0000' }],
    });
    expect((await call(demo.admin, 'POST', '/api/kyc', { id: zeros })).json().message.kyc_status).toBe(
      'failed',
    );

    const reviewed = await enrollMerchant({ principals: [{ first_name: 'Cy', last_name: 'Review' }] });
    expect((await call(demo.admin, 'POST', '/api/kyc', { id: reviewed })).json().message.kyc_status).toBe(
      'needs_review',
    );
    // The owner's name is corrected on file; the next run passes and comes first in the log.
    await app.db
      .update(enrollmentPrincipals)
      .set({ lastName: 'Reyes' })
      .where(eq(enrollmentPrincipals.enrollmentId, reviewed));
    expect((await call(demo.admin, 'POST', '/api/kyc', { id: reviewed })).json().message.kyc_status).toBe(
      'passed',
    );
    const view = await call(demo.admin, 'GET', `/api/kyc?id=${reviewed}`);
    expect(view.json().message.kyc_status).toBe('passed');
    expect(view.json().message.entries.map((e: { status: string }) => e.status)).toEqual([
      'passed',
      'needs_review',
    ]);
  });

  it('answers 503 with a clear message and records nothing when the provider cannot answer', async () => {
    const id = await enrollMerchant();
    const res = await call(demo.admin, 'POST', '/api/kyc', { id }, brokenKycApp);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: EnrollmentActionErrorCode.KycUnavailable,
      message: EnrollmentActionText.KycUnavailable,
    });
    expect(res.body).not.toContain('6789');
    expect((await enrollmentRow(id)).kycStatus).toBeNull();
    expect(await kycNotesOf(id)).toEqual([]);
    expect(await auditsOf(id)).toContainEqual(['enrollment.kyc', 'failure', demo.admin]);
  });

  it('is for admin and white-label staff; an unknown enrollment is a 404 for them', async () => {
    const id = await enrollMerchant();
    expect((await call(demo.reseller, 'POST', '/api/kyc', { id })).statusCode).toBe(403);
    expect((await call(demo.owner, 'GET', `/api/kyc?id=${id}`)).statusCode).toBe(403);
    expect(await kycNotesOf(id)).toEqual([]);
    const missing = await call(demo.admin, 'POST', '/api/kyc', {
      id: '00000000-0000-4000-8000-00000000beef',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('PATCH /api/enroll/approve', () => {
  it('refuses until KYC has passed, and audits the refusal', async () => {
    const id = await enrollMerchant();
    const before = await clientCount();
    const notRun = await call(demo.admin, 'PATCH', '/api/enroll/approve', { id });
    expect(notRun.statusCode).toBe(422);
    expect(notRun.json().error.message).toBe(EnrollmentActionText.RunKycFirst);

    const failing = await enrollMerchant({ principals: [{ first_name: 'Ann', last_name: 'Fail' }] });
    await call(demo.admin, 'POST', '/api/kyc', { id: failing });
    const notPassed = await call(demo.admin, 'PATCH', '/api/enroll/approve', { id: failing });
    expect(notPassed.statusCode).toBe(422);
    expect(notPassed.json().error.message).toBe(EnrollmentActionText.KycNotPassed);
    expect(await clientCount()).toBe(before);
    expect((await enrollmentRow(id)).applicationStatus).toBeNull();
    expect(await auditsOf(id)).toContainEqual(['approve', 'failure', demo.admin]);
  });

  it('creates exactly one account with production keys from the application, and audits it', async () => {
    const id = await enrollMerchant({ dba_name: 'Marigold Tea House', legal_name: 'Marigold Tea LLC' });
    await call(demo.admin, 'POST', '/api/kyc', { id });
    const before = await clientCount();
    const res = await call(demo.admin, 'PATCH', '/api/enroll/approve', { id });
    expect(res.statusCode).toBe(200);
    expect(await clientCount()).toBe(before + 1);
    const message = res.json().message;
    const client = await clientRow(message.client_id);
    expect(message).toEqual({
      enrollment_id: id,
      client_id: client.id,
      application_status: 'BOARDED',
      status: 'Active',
      is_new_client: true,
      public_key: client.publicKey,
      api_key_last4: client.apiKey?.slice(-4),
    });
    // The secret key is shown in full only where the account is read, never in this answer.
    expect(client.apiKey).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(client.apiKey);
    expect(res.body).not.toContain('123456789');
    expect(client).toMatchObject({
      name: 'Marigold Tea House',
      legalName: 'Marigold Tea LLC',
      level: 'Merchant',
      parentId: ids.summit,
      mccCode: '5812',
      status: 'Active',
      taxIdLast4: '6789',
    });
    expect(canProcessProductionPayments(client)).toBe(true);
    expect(cipher.decrypt(client.taxIdEnc ?? '', encryptedColumn.clientTaxId)).toBe('123456789');
    const [pricing] = await app.db.select().from(clientPricing).where(eq(clientPricing.clientId, client.id));
    expect(pricing).toMatchObject({ cardRate: 'IC+35bps+10c', achRate: '0.50+0.30' });
    const owners = await app.db
      .select()
      .from(clientPrincipals)
      .where(eq(clientPrincipals.clientId, client.id));
    expect(owners.map((o) => [o.position, o.firstName, o.lastName, o.ssnLast4])).toEqual([
      [1, 'June', 'Park', '6789'],
    ]);
    expect(cipher.decrypt(owners[0]?.ssnEnc ?? '', encryptedColumn.clientPrincipalSsn)).toBe('123456789');
    const banks = await app.db
      .select()
      .from(clientBankAccounts)
      .where(eq(clientBankAccounts.clientId, client.id));
    expect(banks.map((b) => [b.accountNumberLast4, b.routingNumberLast4, b.isPrimary])).toEqual([
      ['6789', '0021', true],
    ]);
    expect(cipher.decrypt(banks[0]?.accountNumberEnc ?? '', encryptedColumn.clientBankAccountNumber)).toBe(
      '000123456789',
    );

    const row = await enrollmentRow(id);
    expect(row).toMatchObject({ clientId: client.id, applicationStatus: 'BOARDED', status: 'Active' });
    expect(row.approvedAt).not.toBeNull();
    const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, demo.admin));
    expect(row.approvedByUserId).toBe(admin?.id);
    expect(await auditsOf(id)).toContainEqual(['approve', 'success', demo.admin]);

    // The new merchant is one of the accounts staff act for.
    const mine = await call(demo.admin, 'GET', '/api/client/my-clients');
    expect(mine.json().message.map((c: { id: string }) => c.id)).toContain(client.id);
  });

  it('answers 409 to a second approval and creates no second account', async () => {
    const { id, clientId } = await approvedEnrollment();
    const { apiKey } = await clientRow(clientId);
    const before = await clientCount();
    const again = await call(demo.admin, 'PATCH', '/api/enroll/approve', { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(EnrollmentActionText.AlreadyApproved);
    expect(await clientCount()).toBe(before);
    expect((await clientRow(clientId)).apiKey).toBe(apiKey);
  });

  it('is refused to a parent, even on its own hierarchy', async () => {
    const id = await enrollMerchant();
    await call(demo.admin, 'POST', '/api/kyc', { id });
    const res = await call(demo.reseller, 'PATCH', '/api/enroll/approve', { id });
    expect(res.statusCode).toBe(403);
    expect((await enrollmentRow(id)).applicationStatus).toBeNull();
  });
});

describe('PATCH /api/enroll/reject', () => {
  it('rejects an application with a sandbox account and bars that account from production payments', async () => {
    const id = await enrollMerchant();
    const sandbox = await call(demo.admin, 'POST', `/api/createsandbox?id=${id}`);
    const clientId = String(sandbox.json().message.client_id);
    const res = await call(demo.healnow, 'PATCH', '/api/enroll/reject', { id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual({
      enrollment_id: id,
      client_id: clientId,
      application_status: 'REJECTED',
    });
    const row = await enrollmentRow(id);
    expect(row).toMatchObject({ applicationStatus: 'REJECTED', status: 'Inactive' });
    expect(row.rejectedAt).not.toBeNull();
    const client = await clientRow(clientId);
    expect(client.status).toBe('Inactive');
    expect(canProcessProductionPayments(client)).toBe(false);
    expect(await auditsOf(id)).toContainEqual(['reject', 'success', demo.healnow]);

    const again = await call(demo.admin, 'PATCH', '/api/enroll/reject', { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(EnrollmentActionText.AlreadyRejected);
  });

  it('rejects an application that has no account yet', async () => {
    const id = await enrollMerchant();
    const res = await call(demo.admin, 'PATCH', '/api/enroll/reject', { id });
    expect(res.json().message).toEqual({
      enrollment_id: id,
      client_id: null,
      application_status: 'REJECTED',
    });
    expect((await call(demo.reseller, 'PATCH', '/api/enroll/reject', { id })).statusCode).toBe(403);
  });
});

describe('the applicant hears of the decision', () => {
  it('approval makes the applicant a user of the new account and e-mails how to sign in', async () => {
    const { id, clientId } = await approvedEnrollment({
      dba_name: 'Fennel Deli',
      email: 'Owner@FennelDeli.example',
    });
    const [owner] = await app.db.select().from(users).where(eq(users.email, 'owner@fenneldeli.example'));
    expect(owner).toMatchObject({
      name: 'June Park',
      userType: 'user',
      label: 'Principal',
      defaultClientId: clientId,
      isDisabled: false,
    });
    const member = await app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, owner?.id ?? ''), eq(memberships.clientId, clientId)));
    expect(member).toHaveLength(1);

    const mails = await outboxFor(app.db, 'owner@fenneldeli.example');
    expect(mails.map((mail) => [mail.toAddresses, mail.subject])).toEqual([
      [['owner@fenneldeli.example'], 'Application approved: Fennel Deli'],
      [['owner@fenneldeli.example'], 'Application received: Fennel Deli'],
    ]);
    expect(mails[0]?.bodyText).toContain(
      'Summit Merchant Services approved the merchant application for Fennel Deli.',
    );
    expect(mails[0]?.bodyText).toContain(
      'Sign in to the portal with this e-mail address: owner@fenneldeli.example',
    );
    expect(mails[0]?.bodyText).toContain(`Open ${publicUrl}/app/login, type the address`);
    expect(mails[0]?.bodyText).not.toMatch(/sk_live_|oobCode/);
    expect(await auditsOf(id)).toContainEqual(['approve', 'success', demo.admin]);
  });

  it('gives an existing merchant user the new account, and leaves other kinds of accounts as they are', async () => {
    const existing = await approvedEnrollment({ email: demo.owner });
    const [ownerUser] = await app.db.select().from(users).where(eq(users.email, demo.owner));
    const added = await app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, ownerUser?.id ?? ''), eq(memberships.clientId, existing.clientId)));
    expect(added).toHaveLength(1);
    expect((await outboxFor(app.db, demo.owner))[0]?.bodyText).toContain(
      `Sign in to the portal with this e-mail address: ${demo.owner}`,
    );

    const [resellerBefore] = await app.db.select().from(users).where(eq(users.email, demo.reseller));
    const staffAddress = await approvedEnrollment({ email: demo.reseller });
    const [resellerAfter] = await app.db.select().from(users).where(eq(users.email, demo.reseller));
    expect(resellerAfter).toEqual(resellerBefore);
    const resellerMember = await app.db
      .select()
      .from(memberships)
      .where(
        and(eq(memberships.userId, resellerAfter?.id ?? ''), eq(memberships.clientId, staffAddress.clientId)),
      );
    expect(resellerMember).toHaveLength(0);
    const [approvedMail] = await outboxFor(app.db, demo.reseller);
    expect(approvedMail?.subject).toMatch(/^Application approved: /);
    expect(approvedMail?.bodyText).toContain('Summit Merchant Services will tell you how to sign in');
    expect(approvedMail?.bodyText).not.toContain('Sign in to the portal with this e-mail address');
  });

  it('rejection e-mails the applicant, with the reason when the call gives one', async () => {
    const withReason = await enrollMerchant({ dba_name: 'Thistle Vapes', email: 'owner@thistle.example' });
    const res = await call(demo.admin, 'PATCH', '/api/enroll/reject', {
      id: withReason,
      reason: '  Vape shops are outside our processing policy.  ',
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxFor(app.db, 'owner@thistle.example');
    expect(mail?.toAddresses).toEqual(['owner@thistle.example']);
    expect(mail?.subject).toBe('Application not approved: Thistle Vapes');
    expect(mail?.bodyText).toContain(
      'Summit Merchant Services reviewed the merchant application for Thistle Vapes and did not approve it.',
    );
    expect(mail?.bodyText).toContain('Reason: Vape shops are outside our processing policy.');

    const without = await enrollMerchant({ dba_name: 'Quiet Books', email: 'owner@quietbooks.example' });
    expect((await call(demo.admin, 'PATCH', '/api/enroll/reject', { id: without })).statusCode).toBe(200);
    const [plain] = await outboxFor(app.db, 'owner@quietbooks.example');
    expect(plain?.subject).toBe('Application not approved: Quiet Books');
    expect(plain?.bodyText).not.toContain('Reason:');

    const tooLong = await call(demo.admin, 'PATCH', '/api/enroll/reject', {
      id: await enrollMerchant(),
      reason: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a second decision of either kind with a 409, changing nothing and e-mailing nobody', async () => {
    const approved = await approvedEnrollment({ email: 'owner@decided-one.example' });
    const approvedBefore = await enrollmentRow(approved.id);
    const approvedMails = (await outboxFor(app.db, 'owner@decided-one.example')).length;
    const rejectApproved = await call(demo.admin, 'PATCH', '/api/enroll/reject', { id: approved.id });
    expect(rejectApproved.statusCode).toBe(409);
    expect(rejectApproved.json().error).toMatchObject({
      code: EnrollmentActionErrorCode.AlreadyApproved,
      message: EnrollmentActionText.AlreadyApproved,
    });
    const approveAgain = await call(demo.admin, 'PATCH', '/api/enroll/approve', { id: approved.id });
    expect(approveAgain.statusCode).toBe(409);
    expect(approveAgain.json().error.code).toBe(EnrollmentActionErrorCode.AlreadyApproved);
    expect(await enrollmentRow(approved.id)).toEqual(approvedBefore);
    expect((await clientRow(approved.clientId)).status).toBe('Active');
    expect(await outboxFor(app.db, 'owner@decided-one.example')).toHaveLength(approvedMails);

    const rejected = await enrollMerchant({ email: 'owner@decided-two.example' });
    expect((await call(demo.admin, 'POST', '/api/kyc', { id: rejected })).statusCode).toBe(200);
    expect((await call(demo.admin, 'PATCH', '/api/enroll/reject', { id: rejected })).statusCode).toBe(200);
    const rejectedBefore = await enrollmentRow(rejected);
    const rejectedMails = (await outboxFor(app.db, 'owner@decided-two.example')).length;
    const clientsBefore = await clientCount();
    const approveRejected = await call(demo.admin, 'PATCH', '/api/enroll/approve', { id: rejected });
    expect(approveRejected.statusCode).toBe(409);
    expect(approveRejected.json().error).toMatchObject({
      code: EnrollmentActionErrorCode.AlreadyRejected,
      message: EnrollmentActionText.AlreadyRejected,
    });
    const rejectAgain = await call(demo.admin, 'PATCH', '/api/enroll/reject', {
      id: rejected,
      reason: 'Again',
    });
    expect(rejectAgain.statusCode).toBe(409);
    expect(await enrollmentRow(rejected)).toEqual(rejectedBefore);
    expect(await clientCount()).toBe(clientsBefore);
    expect(await outboxFor(app.db, 'owner@decided-two.example')).toHaveLength(rejectedMails);
    expect(await auditsOf(rejected)).toContainEqual(['approve', 'failure', demo.admin]);
  });
});

describe('hierarchy', () => {
  it('lists the parents by legal name for staff only', async () => {
    const res = await call(demo.admin, 'GET', '/api/client/parent');
    expect(res.statusCode).toBe(200);
    const parents: { id: string; legal_name: string }[] = res.json().message;
    expect(parents.map((p) => p.id)).toEqual(expect.arrayContaining([ids.summit, ids.blueriver]));
    expect(parents.every((p) => p.legal_name.length > 0)).toBe(true);
    expect((await call(demo.reseller, 'GET', '/api/client/parent')).statusCode).toBe(403);
  });

  it('moves an approved enrollment and its account under the named parent', async () => {
    const { id, clientId } = await approvedEnrollment();
    const parents: { id: string; legal_name: string }[] = (
      await call(demo.admin, 'GET', '/api/client/parent')
    ).json().message;
    const blueriver = parents.find((p) => p.id === ids.blueriver);
    const res = await call(demo.admin, 'POST', '/api/enroll/hierarchy', {
      enrollid: id,
      parent_legal_name: blueriver?.legal_name,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual({ enrollment_id: id, parent_id: ids.blueriver, client_id: clientId });
    expect((await enrollmentRow(id)).parentId).toBe(ids.blueriver);
    expect((await clientRow(clientId)).parentId).toBe(ids.blueriver);
    expect(await auditsOf(id)).toContainEqual(['enrollment.hierarchy', 'success', demo.admin]);
  });

  it('refuses an unknown parent, a missing one, and a move under the account itself', async () => {
    const id = await enrollMerchant();
    const unknown = await call(demo.admin, 'POST', '/api/enroll/hierarchy', {
      enrollid: id,
      parent_legal_name: 'Nobody Holdings',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(EnrollmentActionText.UnknownParent);
    const empty = await call(demo.admin, 'POST', '/api/enroll/hierarchy', {
      enrollid: id,
      parent_legal_name: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect((await enrollmentRow(id)).parentId).toBe(ids.summit);

    const partner = await approvedEnrollment({
      application_type: 'Partner',
      level: 'Parent',
      mcc_code: undefined,
      dba_name: 'Cycle Partners',
      legal_name: 'Cycle Partners Unique LLC',
    });
    const cycle = await call(demo.admin, 'POST', '/api/enroll/hierarchy', {
      enrollid: partner.id,
      parent_legal_name: 'Cycle Partners Unique LLC',
    });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().error.message).toBe(EnrollmentActionText.ParentCycle);
    expect((await clientRow(partner.clientId)).parentId).toBe(ids.summit);
  });
});

describe('users and contacts', () => {
  it('adds a user with the e-mail lowercased and lists it as the fourth element', async () => {
    const res = await call(demo.admin, 'POST', '/api/user/new', {
      name: 'Nia Okafor',
      email: '  Nia.Okafor@Juniper.EXAMPLE ',
      phone: '303-555-0142',
      user_type: 'user',
      clientid: ids.summitMerchant,
      label: 'Manager',
      disabled: false,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().message;
    expect(created).toMatchObject({ email: 'nia.okafor@juniper.example', label: 'Manager', disabled: false });
    const members = await app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, created.id), eq(memberships.clientId, ids.summitMerchant)));
    expect(members).toHaveLength(1);
    expect(await auditsOf(created.id)).toContainEqual(['user.create', 'success', demo.admin]);

    // The parent above the merchant sees it.
    const list = await call(demo.reseller, 'GET', `/api/client/users?id=${ids.summitMerchant}`);
    expect(list.statusCode).toBe(200);
    const entry = list.json().message.find((e: unknown[]) => e[0] === created.id);
    expect(entry[1]).toBe(ids.summitMerchant);
    expect(entry[3]).toMatchObject({
      name: 'Nia Okafor',
      email: 'nia.okafor@juniper.example',
      phone: '303-555-0142',
    });

    const duplicate = await call(demo.admin, 'POST', '/api/user/new', {
      name: 'Nia Again',
      email: 'NIA.OKAFOR@juniper.example',
      phone: '303-555-0143',
      user_type: 'contact',
      clientid: ids.summitMerchant,
      label: 'Principal',
      disabled: false,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(EnrollmentActionText.DuplicateEmail);
  });

  it('adds a contact without a membership', async () => {
    const res = await call(demo.reseller, 'POST', '/api/user/new', {
      name: 'Omar Haddad',
      email: 'omar@juniper.example',
      phone: '303-555-0199',
      user_type: 'contact',
      clientid: ids.summitMerchant,
      label: 'Principal',
      disabled: false,
    });
    expect(res.statusCode).toBe(200);
    expect(
      await app.db.select().from(memberships).where(eq(memberships.userId, res.json().message.id)),
    ).toEqual([]);
  });

  it('requires every field and refuses other roles than user and contact', async () => {
    const res = await call(demo.admin, 'POST', '/api/user/new', {
      name: 'Pat',
      email: 'pat@juniper.example',
      phone: '',
      user_type: 'user',
      clientid: ids.summitMerchant,
      disabled: false,
    });
    expect(res.statusCode).toBe(400);
    expect(issueMessages(res.body)).toEqual(
      expect.arrayContaining([EnrollmentActionText.PhoneRequired, EnrollmentActionText.CategoryRequired]),
    );
    const admin = await call(demo.admin, 'POST', '/api/user/new', {
      name: 'Pat',
      email: 'pat@juniper.example',
      phone: '1',
      user_type: 'admin',
      clientid: ids.summitMerchant,
      label: 'Manager',
      disabled: false,
    });
    expect(admin.statusCode).toBe(400);
    expect(await app.db.select().from(users).where(eq(users.email, 'pat@juniper.example'))).toEqual([]);
  });

  it('keeps a parent within its own hierarchy', async () => {
    const list = await call(demo.reseller, 'GET', `/api/client/users?id=${ids.blueriverMerchant}`);
    expect(list.statusCode).toBe(403);
    const add = await call(demo.reseller, 'POST', '/api/user/new', {
      name: 'Intruder',
      email: 'intruder@juniper.example',
      phone: '1',
      user_type: 'user',
      clientid: ids.blueriverMerchant,
      label: 'Manager',
      disabled: false,
    });
    expect(add.statusCode).toBe(403);
    expect(await app.db.select().from(users).where(eq(users.email, 'intruder@juniper.example'))).toEqual([]);
    const unknown = await call(
      demo.admin,
      'GET',
      '/api/client/users?id=00000000-0000-4000-8000-00000000beef',
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('sandbox and developer', () => {
  it('creates the sandbox account, enrols the developer, then approval enables the same account', async () => {
    const id = await enrollMerchant({ dba_name: 'Orbit Dev Shop' });
    const before = await clientCount();
    const created = await call(demo.admin, 'POST', `/api/createsandbox?id=${id}`);
    expect(created.statusCode).toBe(200);
    const sandbox = created.json().message;
    expect(sandbox).toMatchObject({ enrollment_id: id, is_new_client: true, status: 'in_development' });
    expect(await clientCount()).toBe(before + 1);
    const client = await clientRow(sandbox.client_id);
    expect(client).toMatchObject({
      status: 'in_development',
      isInCertification: true,
      name: 'Orbit Dev Shop',
    });
    expect(client.sandboxApiKey).toMatch(/^sk_test_/);
    expect(created.body).not.toContain(client.sandboxApiKey);
    expect(sandbox.sandbox_api_key_last4).toBe(client.sandboxApiKey?.slice(-4));
    expect(canProcessProductionPayments(client)).toBe(false);
    expect(await enrollmentRow(id)).toMatchObject({ clientId: client.id, status: 'in_development' });
    expect(await auditsOf(id)).toContainEqual(['enrollment.sandbox', 'success', demo.admin]);

    // Asking again answers the same sandbox.
    const again = await call(demo.admin, 'POST', `/api/createsandbox?id=${id}`);
    expect(again.json().message).toMatchObject({ client_id: client.id, is_new_client: false });
    expect((await clientRow(client.id)).sandboxApiKey).toBe(client.sandboxApiKey);

    const early = await call(demo.admin, 'POST', '/api/enroll/developer', {
      id,
      name: 'Dev Person',
      email: 'Dev@Orbit.example',
      environment: 'production',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(EnrollmentActionText.NotApproved);
    const inSandbox = await call(demo.admin, 'POST', '/api/enroll/developer', {
      id,
      name: 'Dev Person',
      email: 'Dev@Orbit.example',
      environment: 'sandbox',
    });
    expect(inSandbox.statusCode).toBe(200);
    expect(inSandbox.json().message).toMatchObject({
      client_id: client.id,
      environment: 'sandbox',
      is_new_user: true,
    });
    const [developer] = await app.db.select().from(users).where(eq(users.email, 'dev@orbit.example'));
    expect(developer).toMatchObject({ userType: 'user', label: 'Technology', defaultClientId: client.id });

    await call(demo.admin, 'POST', '/api/kyc', { id });
    const approved = await call(demo.admin, 'PATCH', '/api/enroll/approve', { id });
    expect(approved.json().message).toMatchObject({ client_id: client.id, is_new_client: false });
    expect(await clientCount()).toBe(before + 1);
    const live = await clientRow(client.id);
    expect(live.status).toBe('Active');
    expect(live.apiKey).not.toBe(client.apiKey);
    expect(canProcessProductionPayments(live)).toBe(true);

    const inProduction = await call(demo.admin, 'POST', '/api/enroll/developer', {
      id,
      name: 'Dev Person',
      email: 'dev@orbit.example',
      environment: 'production',
    });
    expect(inProduction.json().message).toMatchObject({ environment: 'production', is_new_user: false });

    const mailed = await call(demo.admin, 'POST', '/api/enroll/developer/email', {
      id,
      email: 'dev@orbit.example',
    });
    expect(mailed.statusCode).toBe(200);
    expect(mailed.json().message).toEqual({ delivery: 'sent' });
    const message = smtp.received.find((m) => m.to.includes('dev@orbit.example'));
    expect(message?.body).toContain('Subject: Your Portico developer access for Orbit Dev Shop');
    expect(message?.body).toContain('Hello Dev,');
    expect(message?.body).toContain('/app/login');
    expect(message?.body).not.toContain(live.apiKey);
    expect(message?.body).not.toContain(live.sandboxApiKey ?? 'no sandbox key');
  });

  it('answers "not sent" when the SMTP server refuses the developer address', async () => {
    const id = await enrollMerchant();
    await call(demo.admin, 'POST', `/api/createsandbox?id=${id}`);
    await call(demo.admin, 'POST', '/api/enroll/developer', {
      id,
      name: 'Bounce Dev',
      email: bouncingAddress,
      environment: 'sandbox',
    });
    const res = await call(demo.admin, 'POST', '/api/enroll/developer/email', { id, email: bouncingAddress });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(EnrollmentActionText.EmailNotDelivered);
    const notEnrolled = await call(demo.admin, 'POST', '/api/enroll/developer/email', {
      id,
      email: 'stranger@dev.example',
    });
    expect(notEnrolled.statusCode).toBe(422);
    expect(smtp.received.some((m) => m.to.includes('stranger@dev.example'))).toBe(false);
  });

  it('refuses a sandbox to a rejected enrollment and developer steps before any account', async () => {
    const id = await enrollMerchant();
    const noAccount = await call(demo.admin, 'POST', '/api/enroll/developer', {
      id,
      name: 'Dev',
      email: 'early@dev.example',
      environment: 'sandbox',
    });
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json().error.message).toBe(EnrollmentActionText.NoAccountYet);
    await call(demo.admin, 'PATCH', '/api/enroll/reject', { id });
    const before = await clientCount();
    const res = await call(demo.admin, 'POST', `/api/createsandbox?id=${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(EnrollmentActionText.RejectedNoSandbox);
    expect(await clientCount()).toBe(before);
    expect((await call(demo.reseller, 'POST', `/api/createsandbox?id=${id}`)).statusCode).toBe(403);
  });
});
