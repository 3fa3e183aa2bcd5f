import nodemailer from 'nodemailer';
import type { Db, Executor } from '../../db/client';
import type { Mailer, MailLog, MailMessage, MailOutcome } from './mailer';
import { insertOutboxMessage, markOutboxFailed, markOutboxSent } from './outbox.repository';

export type SmtpMailerOptions = { db: Db; smtpUrl: string; from: string; log: MailLog };

// Delivers over SMTP_URL (smtp://user:pass@host:port, smtps:// for implicit TLS) and keeps every
// message in email_outbox with its outcome, so a failed delivery can be seen and retried.
export function createSmtpMailer({ db, smtpUrl, from, log }: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const deliver = async (message: MailMessage) => {
    await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    });
  };
  return {
    deliver,
    async send(message: MailMessage, executor: Executor = db): Promise<MailOutcome> {
      const outboxId = await insertOutboxMessage(executor, message, 'sending');
      try {
        await deliver(message);
        await markOutboxSent(executor, outboxId);
        return { outboxId, status: 'sent' };
      } catch (err) {
        // The transport's message names the server and the SMTP reply, never the body.
        const reason = err instanceof Error ? err.message : String(err);
        log.warn({ outboxId, reason }, 'mail delivery failed');
        await markOutboxFailed(executor, outboxId, reason);
        return { outboxId, status: 'failed' };
      }
    },
    async close() {
      transport.close();
    },
  };
}
