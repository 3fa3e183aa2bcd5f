import { devMailboxResponse } from '@portico/contracts/auth/dev-mailbox';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../access/route-access';
import { AppError } from '../../lib/app-error';
import { listRecentOutboxMessages } from './outbox.repository';

const mailboxSize = 50;

// Registered only by DEV_MAILBOX=true outside production without SMTP (config.ts, app.ts). The outbox
// holds live login links, so only callers on this machine may read it: the socket's own address is
// checked, never a forwarded header, and a request that carries forwarding headers came through a
// proxy on this machine on behalf of someone else.
const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && loopbackAddresses.has(address);
}

export function isDirectLocalCaller(
  address: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  return isLoopbackAddress(address) && forwardingHeaders.every((name) => headers[name] === undefined);
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
      if (!isDirectLocalCaller(request.socket.remoteAddress, request.headers)) {
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
