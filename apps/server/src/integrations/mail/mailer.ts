import type { Executor } from '../../db/client';

export type MailMessage = {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  // Files read from disk when the message is delivered (and again on each retry).
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; path: string; contentType: string };

// pending: stored, not delivered (no SMTP: the dev mailbox shows it); failed: SMTP refused it.
export type MailOutcome = { outboxId: string; status: 'sent' | 'pending' | 'failed' };

export interface Mailer {
  // Records the message in email_outbox (in the caller's transaction when one is passed) and
  // delivers it when the mailer can. Never throws for a delivery failure: the outbox row says so.
  send(message: MailMessage, executor?: Executor): Promise<MailOutcome>;
  // Hands a stored message to the transport again (the retry job); throws when it is refused.
  // Absent when there is no transport (the outbox mailer): nothing to retry.
  deliver?(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export type MailLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};
