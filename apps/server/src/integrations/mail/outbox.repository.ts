import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailOutbox } from '../../db/schema/system';
import type { MailMessage } from './mailer';

// How long a message may stay 'sending' before the retry job takes it for one left by a dead
// process: well past nodemailer's connection, greeting and socket timeouts.
export const sendingLeaseMinutes = 15;

export async function insertOutboxMessage(
  executor: Executor,
  message: MailMessage,
  status: 'pending' | 'sending',
): Promise<string> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      toAddresses: message.to,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
      attachments: message.attachments?.length ? message.attachments : null,
      status,
      // 'sending': the lease the retry job waits out (email-retry.job.ts).
      ...(status === 'sending'
        ? { nextAttemptAt: sql`now() + make_interval(mins => ${sendingLeaseMinutes})` }
        : {}),
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('email_outbox insert returned no row');
  return row.id;
}

export async function markOutboxSent(executor: Executor, id: string): Promise<void> {
  await executor
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

export async function markOutboxFailed(executor: Executor, id: string, error: string): Promise<void> {
  await executor
    .update(emailOutbox)
    .set({
      status: 'failed',
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      // Retried on the job's next run, not at the end of the sending lease.
      nextAttemptAt: sql`now()`,
    })
    .where(eq(emailOutbox.id, id));
}

export async function listRecentOutboxMessages(executor: Executor, limit: number) {
  return executor
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddresses,
      subject: emailOutbox.subject,
      text: emailOutbox.bodyText,
      html: emailOutbox.bodyHtml,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}
