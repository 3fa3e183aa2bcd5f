import { CertificationRegistrationText } from '@portico/contracts/developers/certification-registration';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxFor, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { developerRegistrations } from '../../db/schema/developers';
import { auditLog } from '../../db/schema/system';
import { certificationInstructionsSubject } from './certification-instructions';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let smtp: SmtpPeer;
// While true the SMTP peer refuses every recipient, as a mail server that is down for us would.
let isRefusing = false;

const registration = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Engine.example',
  company: 'Analytical Engines',
  features: ['void_refund', 'iframe_card', 'api_card'],
  expectedMerchantsNow: '51-200',
  expectedMerchants90Days: '1000+',
  callbackUrl: 'https://hooks.engine.example/portico',
};

async function register(email: string, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/certregistration',
    headers: { cookie: await sessionCookieFor(ctx.app.db, email), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function registrationsOf(email: string) {
  return ctx.app.db.select().from(developerRegistrations).where(eq(developerRegistrations.email, email));
}

beforeAll(async () => {
  smtp = await startSmtpPeer(() => isRefusing);
  ctx = await buildTestApp(
    {
      smtpUrl: smtp.url,
      devMailboxEnabled: false,
      supportEmail: 'developers@portico.example',
    },
    { demoAccounts: true },
  );
});

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

beforeEach(() => {
  isRefusing = false;
});

describe('POST /api/certregistration', () => {
  it('stores the registration and mails the test instructions to the registrant and developer support', async () => {
    const res = await register(demo.reseller, registration);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.status).toBe(true);
    expect(answer.message.id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await registrationsOf('ada@engine.example');
    expect(row).toMatchObject({
      id: answer.message.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      features: ['void_refund', 'iframe_card', 'api_card'],
      expectedMerchantsNow: '51-200',
      expectedMerchants90Days: '1000+',
      callbackUrl: 'https://hooks.engine.example/portico',
    });
    expect(row?.instructionsSentAt?.toISOString()).toBe(answer.message.instructionsSentAt);

    // Delivered by the real SMTP peer, one message to both addresses.
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['ada@engine.example', 'developers@portico.example']);
    const body = mail?.body ?? '';
    expect(body).toContain(`Subject: ${certificationInstructionsSubject}`);
    expect(body).toContain('Charge $4.23 with a sandbox card, then refund $2.11 of it.');
    expect(body).toContain('Authorize $50.00 with a sandbox card, then settle $23.22 of it.');
    expect(body).toContain('Content-Type: text/html');
    expect(body).not.toContain('$5.26');

    const [outbox] = await outboxFor(ctx.app.db, 'developers@portico.example');
    expect(outbox).toMatchObject({ status: 'sent', subject: certificationInstructionsSubject });
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'developer_registration.create'), eq(auditLog.targetId, answer.message.id)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorEmail).toBe(demo.reseller);
  });

  it('answers "Failed to send the email." when the mail server refuses, keeps the lead, and a retry updates it', async () => {
    const email = 'grace@compiler.example';
    isRefusing = true;
    const failed = await register(demo.admin, { ...registration, email, company: 'Compilers Inc' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      status: false,
      error: { code: 'CERTIFICATION_INSTRUCTIONS_NOT_SENT', message: 'Failed to send the email.' },
      requestId: expect.any(String),
    });
    const [kept] = await registrationsOf(email);
    expect(kept).toMatchObject({ company: 'Compilers Inc', instructionsSentAt: null });
    const [outbox] = await outboxFor(ctx.app.db, email);
    expect(outbox?.status).toBe('failed');
    expect(outbox?.lastError).toContain('550');

    isRefusing = false;
    const retried = await register(demo.admin, { ...registration, email, company: 'Compilers Ltd' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message.id).toBe(kept?.id);
    const rows = await registrationsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.company).toBe('Compilers Ltd');
    expect(rows[0]?.instructionsSentAt).toBeInstanceOf(Date);
  });

  it('adds a new registration once the earlier one of the address got its instructions', async () => {
    const email = 'linus@kernel.example';
    expect((await register(demo.reseller, { ...registration, email })).statusCode).toBe(200);
    expect((await register(demo.reseller, { ...registration, email })).statusCode).toBe(200);
    expect(await registrationsOf(email)).toHaveLength(2);
  });

  it('refuses an incomplete form with the exact texts, storing and sending nothing', async () => {
    const before = smtp.received.length;
    const [{ n: rowsBefore } = { n: 0 }] = await ctx.app.db
      .select({ n: count() })
      .from(developerRegistrations);
    const res = await register(demo.reseller, {
      firstName: '',
      lastName: ' ',
      email: '',
      company: '',
      features: [],
      callbackUrl: 'http://hooks.engine.example',
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().error.issues.map((issue: { path: string; message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        CertificationRegistrationText.FullNameRequired,
        CertificationRegistrationText.EmailRequired,
        CertificationRegistrationText.CompanyRequired,
        CertificationRegistrationText.SelectIntegrationNeeds,
        CertificationRegistrationText.CallbackUrlHttps,
      ]),
    );
    const [{ n: rowsAfter } = { n: 0 }] = await ctx.app.db
      .select({ n: count() })
      .from(developerRegistrations);
    expect(rowsAfter).toBe(rowsBefore);
    expect(smtp.received.length).toBe(before);
  });

  it('is for admin and parent only', async () => {
    for (const email of [demo.owner, demo.healnow, demo.alpha]) {
      expect((await register(email, registration)).statusCode, email).toBe(403);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/certregistration',
      payload: registration,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
