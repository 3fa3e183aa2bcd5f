import type { Db, Executor } from '../../db/client';
import type { Mailer, MailLog, MailMessage, MailOutcome } from './mailer';
import { insertOutboxMessage } from './outbox.repository';

// Without SMTP the message stays in email_outbox (status pending) and the dev mailbox page shows it.
// The log line names neither the body nor the recipient: a login link is a credential.
export function createOutboxMailer(db: Db, log: MailLog): Mailer {
  return {
    async send(message: MailMessage, executor: Executor = db): Promise<MailOutcome> {
      const outboxId = await insertOutboxMessage(executor, message, 'pending');
      log.info({ outboxId }, 'mail stored in outbox; open /app/dev/mailbox');
      return { outboxId, status: 'pending' };
    },
    async close() {},
  };
}
