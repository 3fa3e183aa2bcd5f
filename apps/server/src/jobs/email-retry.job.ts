import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { emailOutbox } from '../db/schema/system';
import type { Mailer } from '../integrations/mail/mailer';
import { markOutboxSent, sendingLeaseMinutes } from '../integrations/mail/outbox.repository';
import type { JobDefinition } from './runner';

// Attempts per message, the first delivery included.
export const mailDeliveryAttempts = 5;
const batch = 50;

// Failed SMTP deliveries are sent again with backoff (2, 4, 8 ... minutes) until mailDeliveryAttempts.
// A message is claimed (failed -> sending) with a lease before it is handed to the transport, so two
// instances never send it both. One still 'sending' after its lease ran out was left by a process
// that died mid-send: it is claimed and sent again (the lease outlasts any SMTP timeout).
export function emailRetryJob(mailer: Pick<Mailer, 'deliver'>): JobDefinition {
  return {
    name: 'email.retry',
    schedule: { everyMinutes: 5 },
    async run({ db }) {
      const deliver = mailer.deliver;
      // No transport (the outbox and dev mailbox): nothing is ever 'failed', nothing to retry.
      if (!deliver) return { sent: 0, failed: 0 };
      const due = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            or(eq(emailOutbox.status, 'failed'), eq(emailOutbox.status, 'sending')),
            lt(emailOutbox.attempts, mailDeliveryAttempts),
            // For 'sending', next_attempt_at is the end of the lease.
            lte(emailOutbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(emailOutbox)
        .set({ status: 'sending', nextAttemptAt: sql`now() + make_interval(mins => ${sendingLeaseMinutes})` })
        .where(inArray(emailOutbox.id, due))
        .returning();
      let sent = 0;
      let failed = 0;
      for (const row of claimed) {
        try {
          await deliver.call(mailer, {
            to: row.toAddresses,
            subject: row.subject,
            text: row.bodyText ?? '',
            ...(row.bodyHtml ? { html: row.bodyHtml } : {}),
            ...(row.attachments ? { attachments: row.attachments } : {}),
          });
          await markOutboxSent(db, row.id);
          sent += 1;
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          await db
            .update(emailOutbox)
            .set({
              status: 'failed',
              attempts: sql`${emailOutbox.attempts} + 1`,
              lastError: reason.slice(0, 1000),
              nextAttemptAt: sql`now() + make_interval(mins => ${2 ** row.attempts})`,
            })
            .where(eq(emailOutbox.id, row.id));
          failed += 1;
        }
      }
      return { sent, failed };
    },
  };
}
