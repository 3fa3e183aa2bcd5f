import {
  DisputeNoticeText,
  instantInZoneText,
  outcomeMoneyText,
} from '@portico/contracts/disputes/dispute-notices';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment, buildUser } from '../../../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { memberships, roles } from '../../db/schema/access';
import { clientPricing } from '../../db/schema/clients';
import { disputes } from '../../db/schema/disputes';
import { emailOutbox } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { sessionCookieNameOf } from '../../plugins/session';
import { remindDisputes } from './disputes.service';

// The dispute e-mails, received over real SMTP: who gets them (the merchant's owners and its users
// whose role holds Disputes, not the others), what they say, and that each reminder goes out once.

const publicUrl = 'https://portal.example';
let smtp: SmtpPeer;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let clock = new Date('2026-03-10T12:00:00.000Z');
let harbor = '';
let disputeId = '';
let respondBy = new Date(0);
const merchantName = 'Harbor Lane Coffee Roasters';
const bookkeeper = 'bookkeeper@harborlanecoffee.example';
const ownerZone = 'America/Los_Angeles';
const bookkeeperZone = 'Europe/Berlin';

function mailsWith(subjectPart: string) {
  return smtp.received.filter((mail) => mail.body.includes(subjectPart));
}

function recipientsOf(subjectPart: string): string[] {
  return mailsWith(subjectPart)
    .flatMap((mail) => mail.to)
    .sort();
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  ctx = await buildTestApp({ smtpUrl: smtp.url, publicUrl }, { demoAccounts: true, now: () => clock });
  const db = ctx.app.db;
  harbor = await defaultClientOf(db, demo.owner);
  await db.update(clientPricing).set({ chargebackFeeCents: 2_500 }).where(eq(clientPricing.clientId, harbor));
  await db.update(users).set({ timezone: ownerZone }).where(eq(users.email, demo.owner));
  // A bookkeeper of Harbor Lane: its role holds Disputes (the cashier's and location admin's do not).
  const [bookkeeperRole] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clientId, harbor), eq(roles.name, 'Bookkeeper')));
  if (!bookkeeperRole) throw new Error('no Bookkeeper role at Harbor Lane');
  const user = await buildUser(db, {
    email: bookkeeper,
    name: 'Robin Ledger',
    defaultClientId: harbor,
    timezone: bookkeeperZone,
  });
  await db.insert(memberships).values({ userId: user.id, clientId: harbor, roleId: bookkeeperRole.id });
  // The sandbox looks from its first poll on; a .66 card sale a day later is disputed 3 days on.
  await ctx.app.jobs.tick();
  const saleId = await buildCardPayment(db, {
    clientId: harbor,
    createdAt: new Date('2026-03-11T09:00:00.000Z'),
    amountCents: 10_066,
    feeCents: 322,
    settlementDate: '2026-03-12',
    customerFirstName: 'Dana',
    customerLastName: 'Reyes',
  });
  clock = new Date('2026-03-14T10:00:00.000Z');
  await ctx.app.jobs.tick();
  const [row] = await db.select().from(disputes).where(eq(disputes.transactionId, saleId));
  if (!row?.respondBy) throw new Error('the sandbox did not open a chargeback on the .66 sale');
  disputeId = row.id;
  respondBy = row.respondBy;
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('when a dispute opens', () => {
  const subject = DisputeNoticeText.openedIntro(merchantName);

  it('mails the owner and the users whose role holds Disputes, not the others', () => {
    expect(recipientsOf(subject)).toEqual([bookkeeper, demo.owner].sort());
    expect(recipientsOf(subject)).not.toContain(demo.barista);
    expect(recipientsOf(subject)).not.toContain(demo.alpha);
  });

  it('names the amount, the payment, the reason in words, the date in each reader’s zone and the link', () => {
    const [toOwner] = mailsWith(subject).filter((mail) => mail.to.includes(demo.owner));
    const [toBookkeeper] = mailsWith(subject).filter((mail) => mail.to.includes(bookkeeper));
    if (!toOwner || !toBookkeeper) throw new Error('a recipient got no mail');
    for (const mail of [toOwner, toBookkeeper]) {
      expect(mail.body).toContain('Amount: $100.66');
      expect(mail.body).toContain('Payment: Visa ending 1111, paid by Dana Reyes');
      expect(mail.body).toContain(
        'Reason: Credit not processed. The cardholder says they were promised a refund or credit that never arrived.',
      );
      expect(mail.body).toContain(`${publicUrl}/app/disputes/${disputeId}`);
    }
    expect(toOwner.body).toContain(DisputeNoticeText.respondBy(instantInZoneText(respondBy, ownerZone)));
    expect(toOwner.body).toContain('(Pacific Time)');
    expect(toBookkeeper.body).toContain(
      DisputeNoticeText.respondBy(instantInZoneText(respondBy, bookkeeperZone)),
    );
    expect(toBookkeeper.body).not.toContain('(Pacific Time)');
  });

  it('leaves each message in the outbox as sent', async () => {
    const rows = await ctx.app.db
      .select({ status: emailOutbox.status, to: emailOutbox.toAddresses })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, DisputeNoticeText.openedSubject('$100.66', merchantName)));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });
});

describe('the reminders before the respond-by date', () => {
  const fiveDays = DisputeNoticeText.reminderIntro(5);
  const oneDay = DisputeNoticeText.reminderIntro(1);

  it('sends nothing while more than 5 days are left', async () => {
    clock = new Date(respondBy.getTime() - 6 * 86_400_000);
    await ctx.app.jobs.tick();
    expect(mailsWith(fiveDays)).toHaveLength(0);
  });

  it('sends the 5-day reminder once, however often the job runs', async () => {
    clock = new Date(respondBy.getTime() - 5 * 86_400_000 + 30 * 60_000);
    await ctx.app.jobs.tick();
    await ctx.app.jobs.runNow('disputes.poll');
    clock = new Date(clock.getTime() + 10 * 60_000);
    await ctx.app.jobs.tick();
    expect(recipientsOf(fiveDays)).toEqual([bookkeeper, demo.owner].sort());
    expect(mailsWith(oneDay)).toHaveLength(0);
    const [row] = await ctx.app.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(row?.remindedFiveDaysAt).not.toBeNull();
    expect(row?.remindedOneDayAt).toBeNull();
  });

  it('sends the 1-day reminder once, even with two runs at the same moment (two instances)', async () => {
    clock = new Date(respondBy.getTime() - 20 * 60 * 60_000);
    const notices = { mail: ctx.app.mail, publicUrl };
    const runs = await Promise.all([
      remindDisputes(ctx.app.db, clock, notices),
      remindDisputes(ctx.app.db, clock, notices),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    await ctx.app.jobs.tick();
    await ctx.app.jobs.runNow('disputes.poll');
    expect(recipientsOf(oneDay)).toEqual([bookkeeper, demo.owner].sort());
    expect(recipientsOf(fiveDays)).toEqual([bookkeeper, demo.owner].sort());
    const [toOwner] = mailsWith(oneDay).filter((mail) => mail.to.includes(demo.owner));
    expect(toOwner?.body).toContain(
      DisputeNoticeText.reminderSubject(1, '$100.66', merchantName).slice(0, 30),
    );
  });
});

describe('when the dispute is decided', () => {
  it('tells the same people the money outcome in words, and reminds no more', async () => {
    const cookie = await sessionCookieFor(ctx.app.db, demo.owner, sessionCookieNameOf(true));
    const res = await callAs(ctx.app, demo.owner, 'POST', `/api/disputes/${disputeId}/accept`, {}, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const subject = DisputeNoticeText.decidedIntro('accepted');
    expect(recipientsOf(subject)).toEqual([bookkeeper, demo.owner].sort());
    const words = outcomeMoneyText('accepted', 10_066, 2_500);
    expect(words).toBe(
      'You accepted the dispute. The disputed $100.66 and the chargeback fee of $25.00 stay taken from your payouts.',
    );
    for (const mail of mailsWith(subject)) expect(mail.body).toContain(`Money: ${words}`);

    const before = smtp.received.length;
    clock = new Date(respondBy.getTime() + 86_400_000);
    await ctx.app.jobs.tick();
    expect(smtp.received.length).toBe(before);
  });

  it('mails nobody outside the merchant', async () => {
    const outsiders = await ctx.app.db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, [demo.admin, demo.copperOwner, demo.barista, demo.alpha]));
    const everyone = new Set(smtp.received.flatMap((mail) => mail.to));
    for (const { email } of outsiders) expect(everyone.has(email)).toBe(false);
  });
});
