import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/client';
import { emailOutbox } from '../../db/schema/system';
import type { MailLog } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

let database: DatabaseHandle;
let smtp: SmtpPeer;
// Recipients the fake server refuses, to exercise the failure path.
const refused = new Set(['bounce@merchant.example']);

function recordingLog() {
  const lines: { level: string; details: object; message: string }[] = [];
  const log: MailLog = {
    info: (details, message) => lines.push({ level: 'info', details, message }),
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
    error: (details, message) => lines.push({ level: 'error', details, message }),
  };
  return { log, lines };
}

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpPeer((address) => refused.has(address));
});

afterAll(async () => {
  await smtp.close();
  await database.close();
});

const link = 'http://localhost:3000/app/verify-email?oobCode=abc123&mode=signIn';

describe('SmtpMailer', () => {
  it('delivers over SMTP and records the message as sent', async () => {
    const { log } = recordingLog();
    const mailer = createSmtpMailer({
      db: database.db,
      smtpUrl: smtp.url,
      from: 'Portico <no-reply@portico.example>',
      log,
    });
    const outcome = await mailer.send({
      to: ['owner@copperkettle.example'],
      subject: 'Sign in to Portico',
      text: `Use this link: ${link}`,
      html: `<a href="${link}">Sign in</a>`,
    });
    await mailer.close();
    expect(outcome.status).toBe('sent');

    const message = smtp.received.at(-1);
    expect(message?.to).toEqual(['owner@copperkettle.example']);
    expect(message?.from).toBe('no-reply@portico.example');
    expect(message?.raw).toMatch(/^To: owner@copperkettle\.example$/m);
    expect(message?.raw).toMatch(/^Subject: Sign in to Portico$/m);
    expect(message?.body ?? '').toContain(link);

    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, outcome.outboxId));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('records a refused delivery as failed with the reason, without throwing', async () => {
    const { log, lines } = recordingLog();
    const mailer = createSmtpMailer({
      db: database.db,
      smtpUrl: smtp.url,
      from: 'x@y.example',
      log,
    });
    const outcome = await mailer.send({ to: ['bounce@merchant.example'], subject: 'Hello', text: link });
    await mailer.close();
    expect(outcome.status).toBe('failed');
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, outcome.outboxId));
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toContain('550');
    expect(JSON.stringify(lines)).not.toContain('abc123');
  });

  it('writes the outbox row in the caller transaction', async () => {
    const { log } = recordingLog();
    const mailer = createSmtpMailer({
      db: database.db,
      smtpUrl: smtp.url,
      from: 'x@y.example',
      log,
    });
    let outboxId = '';
    await expect(
      database.db.transaction(async (tx) => {
        outboxId = (
          await mailer.send({ to: ['owner@copperkettle.example'], subject: 'Rolled back', text: 'x' }, tx)
        ).outboxId;
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await mailer.close();
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId))).toHaveLength(0);
  });
});

describe('OutboxMailer', () => {
  it('stores the message as pending and logs one line without body or recipient', async () => {
    const { log, lines } = recordingLog();
    const mailer = createOutboxMailer(database.db, log);
    const outcome = await mailer.send({ to: ['owner@copperkettle.example'], subject: 'Sign in', text: link });
    expect(outcome.status).toBe('pending');
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, outcome.outboxId));
    expect(row).toMatchObject({
      status: 'pending',
      bodyText: link,
      toAddresses: ['owner@copperkettle.example'],
    });
    expect(lines).toEqual([
      {
        level: 'info',
        details: { outboxId: outcome.outboxId },
        message: 'mail stored in outbox; open /app/dev/mailbox',
      },
    ]);
  });
});
