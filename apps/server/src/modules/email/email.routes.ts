import { errorEnvelope } from '@portico/contracts/common/envelope';
import { sendEmailBody, sendEmailResponse } from '@portico/contracts/email/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { sendUserEmail } from './email.service';

export type EmailRoutesOptions = { supportEmail: string; perUserPerMinute?: number };

// Uploads notify by e-mail; staff send CTA, ticket and developer e-mails.
const emailRoles = ['admin', 'healnow', 'parent', 'user'] as const;

export const emailRoutes: FastifyPluginAsyncZod<EmailRoutesOptions> = async (app, opts) => {
  app.post(
    '/api/email',
    {
      config: {
        access: { kind: 'authenticated', roles: emailRoles },
        // Per signed-in user (the session is resolved before this hook), tighter than the global limit.
        rateLimit: {
          max: opts.perUserPerMinute ?? 10,
          timeWindow: '1 minute',
          keyGenerator: (request) => `email:${request.session?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['email'],
        summary:
          'Send a plain-text e-mail to support, staff, or people on file for a client the caller reaches',
        body: sendEmailBody,
        response: {
          200: sendEmailResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request) => ({
      status: true as const,
      message: await sendUserEmail(
        { db: app.db, mail: app.mail, supportEmail: opts.supportEmail },
        callerOf(request),
        request.body,
      ),
    }),
  );
};
