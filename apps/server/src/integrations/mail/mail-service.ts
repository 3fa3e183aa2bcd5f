import type { Db, Executor } from '../../db/client';
import type { Mailer, MailLog, MailMessage } from './mailer';
import { insertOutboxMessage, markOutboxFailed, markOutboxSent } from './outbox.repository';

// A message written to email_outbox in a transaction, to be handed to the transport once that
// transaction commits.
export type QueuedMail = { outboxId: string; message: MailMessage };

// What modules use: send now (inside a transaction), or later, off the request path, where the
// time a delivery takes must not show (a login link for a known address vs. an unknown one).
export type MailService = Mailer & {
  sendLater(message: MailMessage): void;
  // Writes the message in the caller's transaction without delivering it: 'sending' under the
  // retry job's lease when there is a transport (so a process that dies before delivering leaves it
  // to email.retry), 'pending' for the dev mailbox otherwise.
  queue(message: MailMessage, executor: Executor): Promise<QueuedMail>;
  // After the commit: each queued message to the transport, its outbox row marked sent, or failed for
  // email.retry to send again. Never throws for a refused delivery.
  deliverQueued(queued: readonly QueuedMail[]): Promise<void>;
  // Resolves when every sendLater so far has finished (tests, graceful shutdown).
  idle(): Promise<void>;
};

// Dresses a message before it is stored (the recipient's white label); the app wires it in.
export type DressMail = (message: MailMessage, executor: Executor) => Promise<MailMessage>;

export function createMailService(
  mailer: Mailer,
  log: MailLog,
  db: Db,
  dress: DressMail = async (message) => message,
): MailService {
  const inFlight = new Set<Promise<void>>();
  return {
    async queue(undressed, executor) {
      const message = await dress(undressed, executor);
      const outboxId = await insertOutboxMessage(executor, message, mailer.deliver ? 'sending' : 'pending');
      return { outboxId, message };
    },
    async deliverQueued(queued) {
      const deliver = mailer.deliver;
      if (!deliver) return;
      for (const { outboxId, message } of queued) {
        try {
          await deliver.call(mailer, message);
          await markOutboxSent(db, outboxId);
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          log.warn({ outboxId, reason }, 'mail delivery failed');
          await markOutboxFailed(db, outboxId, reason);
        }
      }
    },
    send: async (message, executor) => mailer.send(await dress(message, executor ?? db), executor),
    ...(mailer.deliver ? { deliver: mailer.deliver.bind(mailer) } : {}),
    sendLater(message) {
      const task = dress(message, db)
        .then((dressed) => mailer.send(dressed))
        .then(() => undefined)
        .catch((err: unknown) => {
          log.error({ err }, 'mail could not be recorded');
        })
        .finally(() => {
          inFlight.delete(task);
        });
      inFlight.add(task);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      await mailer.close();
    },
  };
}
