import { devMailboxResponse } from '@portico/contracts/auth/dev-mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../plugins/access';
import { listRecentOutboxMessages } from './outbox.repository';

const mailboxSize = 50;

// Registered only without SMTP and outside production (app.ts): the outbox holds live login links,
// so this page must never exist where real people sign in.
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/mailbox',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['dev'],
        summary: 'Newest outbox messages (development without SMTP only)',
        response: { 200: devMailboxResponse },
      },
    },
    async () => {
      const rows = await listRecentOutboxMessages(app.db, mailboxSize);
      return {
        status: true as const,
        message: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          status: row.status,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
