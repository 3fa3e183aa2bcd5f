import { EnrollText } from '@portico/contracts/enrollment/enroll';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildMerchantApplication } from '../../../test/enrollment-fixtures';
import { issueMessages } from '../../../test/error-body';
import { buildUser } from '../../../test/factories';
import { samples } from '../../../test/sample-files';
import { memberships } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { documents } from '../../db/schema/documents';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { enrollmentPrincipals, enrollments } from '../../db/schema/enrollments';
import { auditLog, emailOutbox } from '../../db/schema/system';
import { createFieldCipher } from '../../lib/crypto/field-cipher';

const dataKeyHex = '4f'.repeat(32);
const cipher = createFieldCipher(Buffer.from(dataKeyHex, 'hex'));
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const parents = { summit: '', blueriver: '' };

async function call(email: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const cookie = await sessionCookieFor(ctx.app.db, email);
  if (payload === undefined) return ctx.app.inject({ method, url, headers: { cookie } });
  return ctx.app.inject({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function parentIdByName(name: string) {
  const [row] = await ctx.app.db.select({ id: clients.id }).from(clients).where(eq(clients.name, name));
  if (!row) throw new Error(`no client ${name}`);
  return row.id;
}

async function outboxCount() {
  const [row] = await ctx.app.db.select({ n: count() }).from(emailOutbox);
  return row?.n ?? 0;
}

async function enrollmentCount() {
  const [row] = await ctx.app.db.select({ n: count() }).from(enrollments);
  return row?.n ?? 0;
}

// The shared application with its agreement attached, as the enroll form sends it.
function merchantBody(overrides: Record<string, unknown> = {}) {
  return buildMerchantApplication(parents.summit, {
    document: { name: 'Agreement.PDF', extension: 'pdf', content: samples.pdf.toString('base64') },
    ...overrides,
  });
}

beforeAll(async () => {
  ctx = await buildTestApp({ dataKeyHex }, { demoAccounts: true });
  parents.summit = await parentIdByName('Summit Merchant Services');
  parents.blueriver = await parentIdByName('BlueRiver Payments Group');
});
afterAll(() => ctx.close());

describe('enroll options', () => {
  it('answers approved MCC codes as a map of code to description', async () => {
    const res = await call(demo.admin, 'GET', '/api/approved-mcc-codes');
    expect(res.statusCode).toBe(200);
    const message: Record<string, string> = res.json().message;
    expect(Object.keys(message).length).toBeGreaterThan(5);
    expect(message['5812']).toMatch(/\S/);
  });

  it('offers staff every parent and a parent only its own', async () => {
    const admin = await call(demo.admin, 'GET', '/api/parent-assignment');
    const adminIds = admin.json().message.map((p: { parent_id: string }) => p.parent_id);
    expect(adminIds).toEqual(expect.arrayContaining([parents.summit, parents.blueriver]));
    const reseller = await call(demo.reseller, 'GET', '/api/parent-assignment');
    expect(reseller.statusCode).toBe(200);
    expect(reseller.json().message).toEqual([
      { parent_id: parents.summit, name: 'Summit Merchant Services' },
    ]);
  });
});

describe('POST /api/enroll', () => {
  it('stores the enrollment, its principal and its agreement with sensitive numbers encrypted', async () => {
    const res = await call(demo.reseller, 'POST', '/api/enroll', merchantBody());
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('123456789');
    const id: string = res.json().message.id;
    const [row] = await ctx.app.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row).toMatchObject({
      parentId: parents.summit,
      applicationType: 'Merchant',
      applicationStatus: null,
      status: null,
      isFromPortal: true,
      dbaName: 'Juniper Bakery',
      mccCode: '5812',
      cardRate: 'IC+35bps+10c',
      achRate: '0.50+0.30',
      monthlyVolumeCents: 1_250_000,
      accountNumberLast4: '6789',
      routingNumberLast4: '0021',
      fedTxIdLast4: '6789',
    });
    expect(row?.accountNumberEnc).not.toContain('000123456789');
    expect(cipher.decrypt(row?.accountNumberEnc ?? '', encryptedColumn.enrollmentAccountNumber)).toBe(
      '000123456789',
    );
    expect(cipher.decrypt(row?.routingNumberEnc ?? '', encryptedColumn.enrollmentRoutingNumber)).toBe(
      '021000021',
    );
    expect(cipher.decrypt(row?.fedTxIdEnc ?? '', encryptedColumn.enrollmentFedTxId)).toBe('123456789');
    const principals = await ctx.app.db
      .select()
      .from(enrollmentPrincipals)
      .where(eq(enrollmentPrincipals.enrollmentId, id));
    expect(principals).toHaveLength(1);
    expect(principals[0]?.ssnLast4).toBe('6789');
    expect(principals[0]?.ssnEnc).not.toContain('6789');
    expect(cipher.decrypt(principals[0]?.ssnEnc ?? '', encryptedColumn.enrollmentPrincipalSsn)).toBe(
      '123456789',
    );
    const docs = await ctx.app.db.select().from(documents).where(eq(documents.enrollmentId, id));
    expect(docs.map((d) => [d.fileName, d.extension, d.sizeBytes])).toEqual([
      ['Agreement.PDF', 'pdf', samples.pdf.length],
    ]);
    const audits = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => [a.action, a.outcome, a.actorEmail])).toEqual([
      ['enrollment.create', 'success', demo.reseller],
    ]);
  });

  it('stores an agent under its own name', async () => {
    const res = await call(demo.admin, 'POST', '/api/enroll', {
      application_type: 'Agent',
      is_from_portal: true,
      first_name: 'Rosa',
      last_name: 'Diaz',
      isAgent: true,
      email: 'rosa@agents.example',
      parent: parents.blueriver,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.app.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, res.json().message.id));
    expect(row).toMatchObject({
      applicationType: 'Agent',
      dbaName: 'Rosa Diaz',
      parentId: parents.blueriver,
    });
  });

  it.each([
    [
      'an invalid ZIP',
      { application_type: 'Partner', level: 'Parent', mcc_code: undefined, business_postal_code: '9720' },
      EnrollText.ZipInvalid,
    ],
    [
      'a non-PDF agreement',
      { document: { name: 'agreement.docx', extension: 'docx', content: 'UEsDBA==' } },
      EnrollText.PdfOnly,
    ],
    ['a missing parent', { parent: undefined }, EnrollText.ParentRequired],
    ['a missing e-mail', { email: undefined }, EnrollText.EmailRequired],
  ])('refuses %s with the exact text and stores nothing', async (_name, overrides, text) => {
    const before = await enrollmentCount();
    const res = await call(demo.reseller, 'POST', '/api/enroll', merchantBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(issueMessages(res.body)).toEqual([text]);
    expect(await enrollmentCount()).toBe(before);
  });

  it('refuses a file named .pdf that is not a PDF and stores nothing', async () => {
    const before = await enrollmentCount();
    const res = await call(
      demo.reseller,
      'POST',
      '/api/enroll',
      merchantBody({
        document: { name: 'fake.pdf', extension: 'pdf', content: Buffer.from('MZ hello').toString('base64') },
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(EnrollText.PdfOnly);
    expect(await enrollmentCount()).toBe(before);
  });

  it('refuses a parent outside the caller reach and unknown keys', async () => {
    const before = await enrollmentCount();
    const foreign = await call(
      demo.reseller,
      'POST',
      '/api/enroll',
      merchantBody({ parent: parents.blueriver }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(EnrollText.ParentNotAllowed);
    const extra = await call(demo.admin, 'POST', '/api/enroll', merchantBody({ client_id: parents.summit }));
    expect(extra.statusCode).toBe(400);
    expect(await enrollmentCount()).toBe(before);
  });
});

describe('GET /api/portal/onboarding-meta', () => {
  it('lists enrollments newest first for admin and healnow', async () => {
    const admin = await call(demo.admin, 'GET', '/api/portal/onboarding-meta');
    expect(admin.statusCode).toBe(200);
    const rows: { dba_name: string | null; application_status: string | null }[] = admin.json().message;
    expect(rows[0]).toMatchObject({ dba_name: 'Rosa Diaz', application_status: null });
    expect(rows.map((r) => r.dba_name)).toContain('Juniper Bakery');
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'application_status',
      'created_at',
      'dba_name',
      'id',
      'legal_name',
    ]);
    expect((await call(demo.healnow, 'GET', '/api/portal/onboarding-meta')).statusCode).toBe(200);
    expect((await call(demo.reseller, 'GET', '/api/portal/onboarding-meta')).statusCode).toBe(403);
  });

  // The menu offers Onboarding to users who are members of a parent (docs/decisions/0018-menu-without-dead-ends.md, 'No dead ends
  // in the menu'): they see, open and edit the applications filed under that parent, and no others.
  it("scopes a parent member's grid and enrollment page to its parent", async () => {
    const member = await buildUser(ctx.app.db, { userType: 'user', defaultClientId: parents.summit });
    await ctx.app.db.insert(memberships).values({ userId: member.id, clientId: parents.summit });
    const blueriverApplication = await call(
      demo.admin,
      'POST',
      '/api/enroll',
      merchantBody({ parent: parents.blueriver, dba_name: 'Levee Outfitters' }),
    );
    expect(blueriverApplication.statusCode).toBe(200);
    const blueriverId: string = blueriverApplication.json().message.id;
    const filed = await ctx.app.db
      .select({ id: enrollments.id, parentId: enrollments.parentId })
      .from(enrollments);
    const summitIds = filed.filter((row) => row.parentId === parents.summit).map((row) => row.id);
    expect(summitIds.length).toBeGreaterThan(0);

    const grid = await call(member.email, 'GET', '/api/portal/onboarding-meta');
    expect(grid.statusCode).toBe(200);
    const seen: { id: string }[] = grid.json().message;
    expect(seen.map((row) => row.id).sort()).toEqual([...summitIds].sort());
    expect((await call(member.email, 'GET', `/api/enroll?id=${summitIds[0]}`)).statusCode).toBe(200);
    expect((await call(member.email, 'GET', `/api/enroll?id=${blueriverId}`)).statusCode).toBe(403);

    // A merchant user with no parent membership sees an empty grid and no application.
    const owner = await call(demo.owner, 'GET', '/api/portal/onboarding-meta');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().message).toEqual([]);
    expect((await call(demo.owner, 'GET', `/api/enroll?id=${summitIds[0]}`)).statusCode).toBe(403);
  });
});

describe('Create Enrollment for white-label staff', () => {
  it('lets healnow enroll under any parent, as the menu offers it', async () => {
    const before = await enrollmentCount();
    const res = await call(demo.healnow, 'POST', '/api/enroll', merchantBody({ parent: parents.blueriver }));
    expect(res.statusCode).toBe(200);
    expect(await enrollmentCount()).toBe(before + 1);
  });
});

describe('the applicant is told the application was submitted', () => {
  it('queues one e-mail to the application address naming the business and its parent', async () => {
    const applicant = 'Hello@Sprucebakery.example';
    const res = await call(
      demo.reseller,
      'POST',
      '/api/enroll',
      merchantBody({ email: applicant, dba_name: 'Spruce Bakery' }),
    );
    expect(res.statusCode).toBe(200);
    const mails = await outboxFor(ctx.app.db, 'hello@sprucebakery.example');
    expect(mails.map((mail) => [mail.toAddresses, mail.subject, mail.status])).toEqual([
      [['hello@sprucebakery.example'], 'Application received: Spruce Bakery', 'pending'],
    ]);
    expect(mails[0]?.bodyText).toContain(
      'Summit Merchant Services received the merchant application for Spruce Bakery. It is now under review.',
    );
    expect(mails[0]?.bodyText).not.toContain('6789');
  });

  it('queues nothing when the application is refused', async () => {
    const before = await outboxCount();
    const refused = await call(
      demo.reseller,
      'POST',
      '/api/enroll',
      merchantBody({ parent: parents.blueriver, email: 'refused@sprucebakery.example' }),
    );
    expect(refused.statusCode).toBe(403);
    expect(await outboxCount()).toBe(before);
  });
});
