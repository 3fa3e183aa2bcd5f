import { devMailboxResponse } from '@portico/contracts/auth/dev-mailbox';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { publicAccess } from '../../plugins/access';
import { listRecentOutboxMessages } from './outbox.repository';

const mailboxSize = 50;

// Registered only without SMTP (app.ts), the embedded default of a newcomer's machine. The outbox
// holds live login links, so only callers on this machine may read it: the socket's own address is
// checked, never a forwarded header.
const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && loopbackAddresses.has(address);
}

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
    async (request) => {
      if (!isLoopbackAddress(request.socket.remoteAddress)) {
        throw new AppError(CommonErrorCode.RouteNotFound, 'not_found', 'No such route');
      }
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
