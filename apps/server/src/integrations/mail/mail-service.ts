import type { Mailer, MailLog, MailMessage } from './mailer';

// What modules use: send now (inside a transaction), or later, off the request path, where the
// time a delivery takes must not show (a login link for a known address vs. an unknown one).
export type MailService = Mailer & {
  sendLater(message: MailMessage): void;
  // Resolves when every sendLater so far has finished (tests, graceful shutdown).
  idle(): Promise<void>;
};

export function createMailService(mailer: Mailer, log: MailLog): MailService {
  const inFlight = new Set<Promise<void>>();
  return {
    send: (message, executor) => mailer.send(message, executor),
    ...(mailer.deliver ? { deliver: mailer.deliver.bind(mailer) } : {}),
    sendLater(message) {
      const task = mailer
        .send(message)
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
