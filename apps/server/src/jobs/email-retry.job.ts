import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { emailOutbox } from '../db/schema/system';
import type { Mailer } from '../integrations/mail/mailer';
import { markOutboxSent } from '../integrations/mail/outbox.repository';
import type { JobDefinition } from './runner';

// Attempts per message, the first delivery included.
export const mailDeliveryAttempts = 5;
const batch = 50;

// Failed SMTP deliveries are sent again with backoff (2, 4, 8 ... minutes) until mailDeliveryAttempts.
// A message is claimed (failed -> sending) before it is handed to the transport, so two instances
// never send it both; one whose process died mid-send stays 'sending' rather than risk a duplicate.
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
            eq(emailOutbox.status, 'failed'),
            lt(emailOutbox.attempts, mailDeliveryAttempts),
            lte(emailOutbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(emailOutbox)
        .set({ status: 'sending' })
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
