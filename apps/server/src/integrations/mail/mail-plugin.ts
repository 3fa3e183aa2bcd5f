import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createMailService, type DressMail, type MailService } from './mail-service';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

export type MailPluginOptions = { config: AppConfig; mailer?: Mailer; dress?: DressMail };

// SMTP when SMTP_URL is set, otherwise the outbox and the dev mailbox.
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: MailPluginOptions) => {
    const log = app.log.child({ module: 'mail' });
    const mailer =
      opts.mailer ??
      (opts.config.smtpUrl
        ? createSmtpMailer({ db: app.db, smtpUrl: opts.config.smtpUrl, from: opts.config.mailFrom, log })
        : createOutboxMailer(app.db, log));
    const service = createMailService(mailer, log, app.db, opts.dress);
    app.decorate('mail', service);
    app.addHook('onClose', async () => {
      await service.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
