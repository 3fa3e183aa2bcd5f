import { CtaText } from '@portico/contracts/enrollment/click-to-agree';
import { buildCtaApplication, buildCtaOwner } from '@portico/contracts/enrollment/click-to-agree.factory';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { clients } from '../../db/schema/clients';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { enrollmentPrincipals, enrollments } from '../../db/schema/enrollments';
import { auditLog } from '../../db/schema/system';
import { createFieldCipher } from '../../lib/crypto/field-cipher';
import { sessionCookieNameOf } from '../../plugins/session';
import { createCtaCapability, deriveCtaLinkKey } from './cta-capability';

const dataKeyHex = '5a'.repeat(32);
const cipher = createFieldCipher(Buffer.from(dataKeyHex, 'hex'));
const capability = createCtaCapability(deriveCtaLinkKey(Buffer.from(dataKeyHex, 'hex')));
const publicUrl = 'https://portal.example.test';
const userAgent = 'Mozilla/5.0 (Merchant Browser)';

// Addresses the SMTP peer refuses, for the failure path.
const refused = new Set(['bounce@fernfig.example']);
let smtp: SmtpPeer;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const ids = { summit: '', fernFig: '', sierra: '', noEmail: '', boarded: '', boardedClient: '' };

function linkIn(mail: ReceivedMail | undefined): URL {
  const match = (mail?.body ?? '').match(/https?:\/\/\S+\/app\/enroll\/\S+/);
  if (!match) throw new Error('no application link in the message');
  return new URL(match[0]);
}

async function sendCta(email: string, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/enroll/cta',
    headers: {
      cookie: await sessionCookieFor(ctx.app.db, email, sessionCookieNameOf(true)),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(payload),
  });
}

function viewApplication(id: string, token: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/public/enroll/${id}?token=${encodeURIComponent(token)}`,
  });
}

function agree(id: string, token: string, body: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/enroll/${id}/agree?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    payload: JSON.stringify(body),
  });
}

async function enrollmentRow(id: string) {
  const [row] = await ctx.app.db.select().from(enrollments).where(eq(enrollments.id, id));
  if (!row) throw new Error(`no enrollment ${id}`);
  return row;
}

// The clear numbers buildCtaApplication() files, in both forms: none may show in an answer or a row.
const secrets = [
  '521447788',
  '521-44-7788',
  '611223344',
  '000987654321',
  '021000021',
  '841234567',
  '84-1234567',
];

beforeAll(async () => {
  smtp = await startSmtpPeer((address) => refused.has(address));
  ctx = await buildTestApp(
    {
      dataKeyHex,
      publicUrl,
      smtpUrl: smtp.url,
      devMailboxEnabled: false,
    },
    { demoAccounts: true },
  );
  const byDba = async (dba: string) => {
    const [row] = await ctx.app.db
      .select({ id: enrollments.id, parentId: enrollments.parentId })
      .from(enrollments)
      .where(eq(enrollments.dbaName, dba));
    if (!row?.parentId) throw new Error(`demo data without ${dba}`);
    return row;
  };
  const fernFig = await byDba('Fern & Fig Kitchen');
  ids.fernFig = fernFig.id;
  ids.summit = fernFig.parentId ?? '';
  ids.sierra = (await byDba('Sierra Vista Cycles')).id;
  const [noEmail] = await ctx.app.db
    .insert(enrollments)
    .values({ parentId: ids.summit, dbaName: 'Quiet Owl Books', legalName: 'Quiet Owl Books LLC' })
    .returning({ id: enrollments.id });
  ids.noEmail = noEmail?.id ?? '';
  const [boarded] = await ctx.app.db
    .select({ id: enrollments.id, clientId: enrollments.clientId })
    .from(enrollments)
    .where(isNotNull(enrollments.clientId))
    .orderBy(asc(enrollments.createdAt))
    .limit(1);
  if (!boarded?.clientId) throw new Error('demo data without an approved enrollment');
  ids.boarded = boarded.id;
  ids.boardedClient = boarded.clientId;
});

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('POST /api/enroll/cta', () => {
  it('e-mails up to 3 recipients, empties ignored, a link that opens the application; status cta_sent', async () => {
    const before = smtp.received.length;
    const res = await sendCta(demo.admin, {
      id: ids.fernFig,
      recipients: ['Owner@FernFig.example', '', 'books@fernfig.example'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: { recipients: 2, status: 'cta_sent' } });
    // The capability travels only in the e-mail, never back to the browser.
    expect(res.body).not.toContain('token');

    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1);
    expect(mail?.to.sort()).toEqual(['books@fernfig.example', 'owner@fernfig.example']);
    expect(mail?.raw).toMatch(/^Subject: Complete your merchant application with Summit Merchant Services$/m);
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl}/app/enroll/${ids.summit}/${ids.fernFig}`);

    const view = await viewApplication(ids.fernFig, link.searchParams.get('token') ?? '');
    expect(view.statusCode).toBe(200);
    expect(view.json().message).toMatchObject({
      id: ids.fernFig,
      parent_id: ids.summit,
      parent_name: 'Summit Merchant Services',
      status: 'cta_sent',
      can_submit: true,
      agreed_at: null,
      business: { dba_name: 'Fern & Fig Kitchen' },
    });

    const row = await enrollmentRow(ids.fernFig);
    expect(row).toMatchObject({ status: 'cta_sent', applicationStatus: 'SEND LINK' });
    expect(row.ctaSentAt).toBeInstanceOf(Date);
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enrollment.cta_send'), eq(auditLog.targetId, ids.fernFig)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'success', actorEmail: demo.admin, clientId: ids.summit });
  });

  it('refuses more than 3 recipients and an invalid address, and sends nothing', async () => {
    const before = smtp.received.length;
    const tooMany = await sendCta(demo.admin, {
      id: ids.fernFig,
      recipients: ['a@fernfig.example', 'b@fernfig.example', 'c@fernfig.example', 'd@fernfig.example'],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toEqual({
      code: 'CTA_TOO_MANY_RECIPIENTS',
      message: CtaText.TooManyRecipients,
    });
    const invalid = await sendCta(demo.admin, { id: ids.fernFig, recipients: ['june@', ''] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(CtaText.InvalidRecipient);
    expect(smtp.received).toHaveLength(before);
  });

  it('quick-sends to the primary e-mail, and says so when the record has none', async () => {
    const [sierra] = await ctx.app.db
      .select({ email: enrollments.email })
      .from(enrollments)
      .where(eq(enrollments.id, ids.sierra));
    const quick = await sendCta(demo.reseller, { id: ids.sierra });
    expect(quick.statusCode).toBe(200);
    expect(smtp.received.at(-1)?.to).toEqual([sierra?.email]);

    const before = smtp.received.length;
    const none = await sendCta(demo.admin, { id: ids.noEmail, recipients: ['', ''] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toEqual({
      code: 'CTA_NO_EMAIL',
      message: 'No email address available to send CTA to',
    });
    expect(smtp.received).toHaveLength(before);
    expect((await enrollmentRow(ids.noEmail)).status).toBeNull();
  });

  it('is for staff and the parent above the enrollment: a foreign parent and a merchant get 403', async () => {
    const before = smtp.received.length;
    const foreignParent = await sendCta(demo.agent, { id: ids.fernFig });
    expect(foreignParent.statusCode).toBe(403);
    const merchant = await sendCta(demo.owner, { id: ids.fernFig });
    expect(merchant.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/enroll/cta',
      payload: { id: ids.fernFig },
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await sendCta(demo.admin, { id: '00000000-0000-4000-8000-00000000beef' });
    expect(missing.statusCode).toBe(404);
    expect(smtp.received).toHaveLength(before);
    const denials = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.actorEmail, demo.agent)));
    expect(denials.length).toBeGreaterThan(0);
  });

  it('answers "Failed to send the email" when the SMTP peer refuses, and leaves the status alone', async () => {
    const res = await sendCta(demo.admin, { id: ids.noEmail, recipients: ['bounce@fernfig.example'] });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'CTA_SEND_FAILED', message: 'Failed to send the email' });
    expect((await enrollmentRow(ids.noEmail)).status).toBeNull();
  });
});

describe('the click-to-agree link', () => {
  // Another admin: CTA sends are rate limited per user.
  async function freshLink(id: string) {
    const res = await sendCta('ops@portico.example', { id, recipients: ['owner@fernfig.example'] });
    expect(res.statusCode).toBe(200);
    return linkIn(smtp.received.at(-1)).searchParams.get('token') ?? '';
  }

  it('refuses a forged, an expired and another enrollment’s token with the same message', async () => {
    const token = await freshLink(ids.fernFig);
    const [version, expiry, mac = ''] = token.split('.');
    const forged = `${version}.${expiry}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const extended = `${version}.${Number(expiry) + 86_400}.${mac}`;
    const expired = capability.issue(ids.fernFig, new Date(Date.now() - 15 * 24 * 60 * 60 * 1000)).token;
    const otherEnrollment = capability.issue(ids.sierra, new Date()).token;
    for (const candidate of [forged, extended, expired, otherEnrollment]) {
      const view = await viewApplication(ids.fernFig, candidate);
      expect(view.statusCode, candidate).toBe(403);
      expect(view.json().error).toEqual({ code: 'CTA_LINK_INVALID', message: CtaText.LinkInvalid });
      const submit = await agree(ids.fernFig, candidate, buildCtaApplication());
      expect(submit.statusCode).toBe(403);
    }
    // A token that is not even shaped like one fails validation.
    expect((await viewApplication(ids.fernFig, 'abc')).statusCode).toBe(400);
    expect((await enrollmentRow(ids.fernFig)).agreedAt).toBeNull();
  });

  it('refuses an application whose mix does not add up, storing nothing', async () => {
    const token = await freshLink(ids.fernFig);
    const res = await agree(
      ids.fernFig,
      token,
      buildCtaApplication({
        transaction_mix: {
          card_swiped: '70',
          keyed_card_present_not_imprinted: '5',
          mail_or_phone_order: '5',
          internet: '10',
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toContainEqual({
      path: 'body.transaction_mix',
      message: CtaText.MixTotal,
    });
    expect((await enrollmentRow(ids.fernFig)).status).toBe('cta_sent');
  });

  it('stores the agreed application encrypted, moves it to cta_signed and records when and from where', async () => {
    const token = await freshLink(ids.fernFig);
    const started = Date.now();
    const res = await agree(ids.fernFig, token, buildCtaApplication());
    expect(res.statusCode).toBe(200);
    expect(res.json().message.status).toBe('cta_signed');
    for (const secret of secrets) expect(res.body).not.toContain(secret);

    const row = await enrollmentRow(ids.fernFig);
    expect(row).toMatchObject({
      status: 'cta_signed',
      applicationStatus: 'PENDING',
      agreedIp: '127.0.0.1',
      agreedUserAgent: userAgent,
      email: 'june@fernfig.example',
      firstName: 'June',
      businessAddress2: 'Suite 4',
      ownershipType: 'LLC Private',
      accountType: 'checking',
      accountNumberLast4: '4321',
      routingNumberLast4: '0021',
      fedTxIdLast4: '4567',
      cardSwipedPercent: 70,
      internetPercent: 20,
    });
    expect(row.agreedAt?.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(cipher.decrypt(row.accountNumberEnc ?? '', encryptedColumn.enrollmentAccountNumber)).toBe(
      '000987654321',
    );
    expect(cipher.decrypt(row.routingNumberEnc ?? '', encryptedColumn.enrollmentRoutingNumber)).toBe(
      '021000021',
    );
    expect(cipher.decrypt(row.fedTxIdEnc ?? '', encryptedColumn.enrollmentFedTxId)).toBe('841234567');
    for (const secret of secrets) expect(JSON.stringify(row)).not.toContain(secret);

    const principals = await ctx.app.db
      .select()
      .from(enrollmentPrincipals)
      .where(eq(enrollmentPrincipals.enrollmentId, ids.fernFig))
      .orderBy(asc(enrollmentPrincipals.position));
    expect(principals.map((p) => [p.position, p.firstName, p.ssnLast4, p.ownershipPercent])).toEqual([
      [1, 'June', '7788', '60.00'],
      [2, 'Ali', '3344', '40.00'],
    ]);
    expect(cipher.decrypt(principals[0]?.ssnEnc ?? '', encryptedColumn.enrollmentPrincipalSsn)).toBe(
      '521447788',
    );
    expect(
      cipher.decrypt(principals[1]?.dateOfBirthEnc ?? '', encryptedColumn.enrollmentPrincipalDateOfBirth),
    ).toBe('1985-04-12');
    for (const secret of secrets) expect(JSON.stringify(principals)).not.toContain(secret);

    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enrollment.cta_agree'), eq(auditLog.targetId, ids.fernFig)));
    expect(audit).toMatchObject({ outcome: 'success', ip: '127.0.0.1', userAgent, clientId: ids.summit });

    // Submitting tells the contact address the merchant gave, in the same transaction.
    const submitted = await outboxFor(ctx.app.db, 'june@fernfig.example');
    expect(submitted.map((mail) => [mail.toAddresses, mail.subject])).toEqual([
      [['june@fernfig.example'], 'Application received: Fern & Fig Kitchen'],
    ]);
    expect(submitted[0]?.bodyText).toContain(
      'Summit Merchant Services received the merchant application for Fern & Fig Kitchen. It is now under review.',
    );
    for (const secret of secrets) expect(submitted[0]?.bodyText).not.toContain(secret);

    // Submitting again through the same link is refused; the stored agreement stays.
    const again = await agree(
      ids.fernFig,
      token,
      buildCtaApplication({ owners: [buildCtaOwner({ ownership_percent: '100' })] }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'CTA_ALREADY_AGREED', message: CtaText.AlreadyAgreed });
    expect((await enrollmentRow(ids.fernFig)).agreedAt?.getTime()).toBe(row.agreedAt?.getTime());
    expect(await outboxFor(ctx.app.db, 'june@fernfig.example')).toHaveLength(1);

    // Staff cannot send another link once agreed.
    const resend = await sendCta(demo.admin, { id: ids.fernFig });
    expect(resend.statusCode).toBe(409);

    // The link still opens the read-only result, masked.
    const view = await viewApplication(ids.fernFig, token);
    expect(view.statusCode).toBe(200);
    for (const secret of [...secrets, '1985-04-12']) expect(view.body).not.toContain(secret);
    expect(view.json().message).toMatchObject({
      status: 'cta_signed',
      can_submit: false,
      agreed_at: row.agreedAt?.toISOString(),
      business: { fed_tx_id_last4: '4567', website: 'fernfig.example' },
      settlement: { account_number_last4: '4321', routing_number_last4: '0021', account_type: 'checking' },
      transaction_mix: {
        card_swiped: 70,
        keyed_card_present_not_imprinted: 5,
        mail_or_phone_order: 5,
        internet: 20,
      },
    });
    expect(view.json().message.owners).toEqual([
      expect.objectContaining({
        position: 1,
        first_name: 'June',
        ssn_last4: '7788',
        has_date_of_birth: true,
      }),
      expect.objectContaining({ position: 2, first_name: 'Ali', ssn_last4: '3344', has_date_of_birth: true }),
    ]);
  });
});

describe('terms', () => {
  it('gives the merchant agreement naming the enrollment’s parent', async () => {
    const [summit] = await ctx.app.db
      .select({ legalName: clients.legalName })
      .from(clients)
      .where(eq(clients.id, ids.summit));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/public/terms/${ids.fernFig}` });
    expect(res.statusCode).toBe(200);
    const terms = res.json().message;
    expect(terms.title).toBe('Merchant Processing Agreement');
    expect(terms.parent_legal_name).toBe(summit?.legalName);
    expect(terms.sections[0].paragraphs[0]).toContain(summit?.legalName);
  });

  it('answers an account’s terms only for the enrollment it came from', async () => {
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/terms/${ids.boardedClient}/${ids.boarded}`,
    });
    expect(own.statusCode).toBe(200);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/terms/${ids.boardedClient}/${ids.fernFig}`,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/public/terms/00000000-0000-4000-8000-00000000beef',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
