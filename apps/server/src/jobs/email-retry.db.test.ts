import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/client';
import { emailOutbox } from '../db/schema/system';
import type { MailLog } from '../integrations/mail/mailer';
import { insertOutboxMessage, sendingLeaseMinutes } from '../integrations/mail/outbox.repository';
import { createSmtpMailer } from '../integrations/mail/smtp-mailer';
import { emailRetryJob } from './email-retry.job';

let database: DatabaseHandle;
let smtp: SmtpPeer;
const quiet: MailLog = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpPeer();
});

afterAll(async () => {
  await smtp.close();
  await database.close();
});

describe('email retry job: a message left sending', () => {
  it('is sent again once its lease has run out, exactly once, and never while the lease holds', async () => {
    const mailer = createSmtpMailer({
      db: database.db,
      smtpUrl: smtp.url,
      from: 'Portico <no-reply@portico.example>',
      log: quiet,
    });
    const job = emailRetryJob(mailer);
    const run = () => job.run({ db: database.db, runKey: 'test', attempt: 1, now: new Date() });
    // What SmtpMailer.send writes before handing the message to the transport; the process then died.
    const stuck = await insertOutboxMessage(
      database.db,
      { to: ['stuck@merchant.example'], subject: 'Your statement is ready', text: 'Open the portal' },
      'sending',
    );
    // Another instance is sending this one right now: its lease holds.
    const live = await insertOutboxMessage(
      database.db,
      { to: ['live@merchant.example'], subject: 'Sign in', text: 'Open the link' },
      'sending',
    );

    expect(await run()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    // The stuck message's lease runs out (the clock moves past it).
    await database.db
      .update(emailOutbox)
      .set({
        nextAttemptAt: sql`${emailOutbox.nextAttemptAt} - make_interval(mins => ${sendingLeaseMinutes + 1})`,
      })
      .where(eq(emailOutbox.id, stuck));
    expect(await run()).toEqual({ sent: 1, failed: 0 });
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    await mailer.close();

    expect(smtp.received.map((m) => m.to)).toEqual([['stuck@merchant.example']]);
    expect(smtp.received[0]?.raw).toMatch(/^Subject: Your statement is ready$/m);
    const rows = await database.db
      .select({ id: emailOutbox.id, status: emailOutbox.status, attempts: emailOutbox.attempts })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [stuck, live]));
    expect(rows.find((r) => r.id === stuck)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(rows.find((r) => r.id === live)).toMatchObject({ status: 'sending', attempts: 0 });
  });
});
