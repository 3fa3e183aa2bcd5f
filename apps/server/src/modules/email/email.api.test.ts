import { EmailText } from '@portico/contracts/email/email';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildUser } from '../../../test/factories';
import { enrollments } from '../../db/schema/enrollments';
import { auditLog, emailOutbox } from '../../db/schema/system';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let fernFigEmail = '';

async function send(email: string, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/email',
    headers: { cookie: await sessionCookieFor(ctx.app.db, email), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function outboxCount() {
  const [row] = await ctx.app.db.select({ n: count() }).from(emailOutbox);
  return row?.n ?? 0;
}

const upload = { subject: 'Documents uploaded', body: 'Harbor Lane uploaded 2 files.' };

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  const [fernFig] = await ctx.app.db
    .select({ email: enrollments.email })
    .from(enrollments)
    .where(eq(enrollments.dbaName, 'Fern & Fig Kitchen'));
  if (!fernFig?.email) throw new Error('demo enrollment without e-mail');
  fernFigEmail = fernFig.email;
});
afterAll(() => ctx.close());

describe('POST /api/email', () => {
  it('sends plain text to the support address, saying who sent it, and audits it', async () => {
    const res = await send(demo.owner, { ...upload, to: 'Support@Portico.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: { recipients: 1 } });
    const [mail] = await outboxFor(ctx.app.db, 'support@portico.example');
    expect(mail).toMatchObject({ subject: 'Documents uploaded', bodyHtml: null });
    expect(mail?.bodyText).toBe(
      'Harbor Lane uploaded 2 files.\n\n--\nSent through Portico by Sam Rivera <owner@harborlanecoffee.example>.',
    );
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.send'), eq(auditLog.targetId, mail?.id ?? '')));
    expect(audit).toHaveLength(1);
  });

  it('sends to staff and to the users of a client the caller reaches, comma-separated', async () => {
    const res = await send(demo.owner, {
      ...upload,
      to: 'admin@portico.example, barista@harborlanecoffee.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.recipients).toBe(2);
    expect(await outboxFor(ctx.app.db, 'barista@harborlanecoffee.example')).toHaveLength(1);
  });

  it('refuses a stranger or a user of another merchant with 403 and sends nothing', async () => {
    const before = await outboxCount();
    for (const to of [
      'attacker@evil.example',
      'owner@copperkettle.example',
      'support@portico.example, x@evil.example',
    ]) {
      const res = await send(demo.owner, { ...upload, to });
      expect(res.statusCode, to).toBe(403);
      expect(res.json().error).toEqual({
        code: 'EMAIL_RECIPIENT_NOT_ALLOWED',
        message: EmailText.RecipientNotAllowed,
      });
    }
    expect(await outboxCount()).toBe(before);
  });

  it('reduces an HTML body to text (the CTA e-mails) and never sends HTML', async () => {
    const res = await send(demo.admin, {
      subject: 'Complete your merchant application',
      body: '<p>Please accept: <a href="https://portal.example/enroll/1">Review &amp; sign</a></p>',
      to: fernFigEmail,
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxFor(ctx.app.db, fernFigEmail.toLowerCase());
    expect(mail?.bodyHtml).toBeNull();
    expect(mail?.bodyText?.startsWith('Please accept: Review & sign (https://portal.example/enroll/1)')).toBe(
      true,
    );
  });

  it('lets a parent write to an applicant under it, not one of another parent', async () => {
    expect((await send(demo.reseller, { ...upload, to: fernFigEmail })).statusCode).toBe(200);
    expect((await send(demo.agent, { ...upload, to: fernFigEmail })).statusCode).toBe(403);
  });

  it('refuses staff an address Portico does not know', async () => {
    expect((await send(demo.admin, { ...upload, to: 'someone@random.example' })).statusCode).toBe(403);
  });

  it('refuses malformed input: header injection, bad addresses, too many, unknown keys', async () => {
    expect(
      (
        await send(demo.owner, {
          ...upload,
          subject: 'Hi\r\nBcc: x@evil.example',
          to: 'support@portico.example',
        })
      ).statusCode,
    ).toBe(400);
    const bad = await send(demo.owner, { ...upload, to: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(EmailText.InvalidRecipient);
    const many = await send(demo.owner, {
      ...upload,
      to: 'a@x.example,b@x.example,c@x.example,d@x.example,e@x.example,f@x.example',
    });
    expect(many.json().error.message).toBe(EmailText.TooManyRecipients);
    expect(
      (await send(demo.owner, { ...upload, to: 'support@portico.example', html: '<b>' })).statusCode,
    ).toBe(400);
    expect((await send(demo.alpha, { ...upload, to: 'support@portico.example' })).statusCode).toBe(403);
  });

  it('limits each user to 10 e-mails a minute', async () => {
    const user = await buildUser(ctx.app.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await send(user.email, { ...upload, to: 'support@portico.example' })).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another user is not held back by it.
    expect((await send(demo.copperOwner, { ...upload, to: 'support@portico.example' })).statusCode).toBe(200);
  });
});

describe('GET /api/email (the developer certification instructions)', () => {
  async function sendByLink(
    email: string,
    query: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/email?${new URLSearchParams(query).toString()}`,
      headers: { cookie: await sessionCookieFor(ctx.app.db, email), ...headers },
    });
  }
  const instructions = { subject: 'Certification instructions', body: '<p>Run a $4.23 sale.</p>' };

  it('sends plain text under the POST rules, says who sent it, is not cached, and audits the channel', async () => {
    const res = await sendByLink(
      demo.admin,
      { ...instructions, to: 'support@portico.example' },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: { recipients: 1 } });
    expect(res.headers['cache-control']).toBe('no-store');
    const mails = await outboxFor(ctx.app.db, 'support@portico.example');
    const mail = mails.find((candidate) => candidate.subject === instructions.subject);
    expect(mail?.bodyHtml ?? null).toBeNull();
    expect(mail?.bodyText).toMatch(
      /^Run a \$4\.23 sale\.\n\n--\nSent through Portico by .+ <admin@portico\.example>\.$/,
    );
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.send'), eq(auditLog.targetId, mail?.id ?? '')));
    expect(audit?.details).toMatchObject({ channel: 'developer_link', recipients: 1 });
  });

  it('is no open relay: a stranger is refused with 403 and nothing is sent', async () => {
    const before = await outboxCount();
    const res = await sendByLink(demo.reseller, { ...instructions, to: 'attacker@evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'EMAIL_RECIPIENT_NOT_ALLOWED',
      message: EmailText.RecipientNotAllowed,
    });
    expect(await outboxCount()).toBe(before);
    // The parent reaches the applicants under it, as with the POST.
    expect((await sendByLink(demo.reseller, { ...instructions, to: fernFigEmail })).statusCode).toBe(200);
  });

  it('is for the users who open the certification page (admin and parent), not merchants or auditors', async () => {
    const res = await sendByLink(demo.owner, { ...instructions, to: 'support@portico.example' });
    expect(res.statusCode).toBe(403);
    // A processor-audit user is read-only, and sending mail is a write whatever the method.
    const audit = await sendByLink(demo.audit, { ...instructions, to: 'support@portico.example' });
    expect(audit.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/email?${new URLSearchParams({ ...instructions, to: 'support@portico.example' })}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a link followed from another site, and malformed queries', async () => {
    const before = await outboxCount();
    const query = { ...instructions, to: 'support@portico.example' };
    expect((await sendByLink(demo.admin, query, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await sendByLink(demo.admin, query, { 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect(
      (await sendByLink(demo.admin, { ...query, subject: 'Hi\r\nBcc: x@evil.example' })).statusCode,
    ).toBe(400);
    expect((await sendByLink(demo.admin, { ...query, to: 'not-an-address' })).json().error.message).toBe(
      EmailText.InvalidRecipient,
    );
    expect((await sendByLink(demo.admin, { ...query, extra: '1' })).statusCode).toBe(400);
    expect((await sendByLink(demo.admin, { to: query.to, subject: query.subject })).statusCode).toBe(400);
    expect(await outboxCount()).toBe(before);
  });

  it('shares one budget per sender with the POST: 10 a minute across both calls', async () => {
    const parent = await buildUser(ctx.app.db, { userType: 'parent' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await send(parent.email, { ...upload, to: 'support@portico.example' })).statusCode);
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await sendByLink(parent.email, { ...upload, to: 'support@portico.example' })).statusCode,
      );
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
