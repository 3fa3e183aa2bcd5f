import { CommonErrorCode, errorEnvelope } from '@portico/contracts/common/envelope';
import {
  developerEmailRoles,
  sendEmailBody,
  sendEmailQuery,
  sendEmailResponse,
} from '@portico/contracts/email/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { AppError } from '../../lib/app-error';
import { allowedOriginsOf, isForgeryFree } from '../../lib/same-origin';
import { sendUserEmail } from './email.service';

export type EmailRoutesOptions = {
  supportEmail: string;
  publicUrl: string;
  perUserPerMinute?: number;
};

// Uploads notify by e-mail; staff send CTA, ticket and developer e-mails.
const emailRoles = ['admin', 'healnow', 'parent', 'user'] as const;

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const responses = {
  200: sendEmailResponse,
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  429: errorEnvelope,
} as const;

export const emailRoutes: FastifyPluginAsyncZod<EmailRoutesOptions> = async (app, opts) => {
  const deps = {
    db: app.db,
    mail: app.mail,
    supportEmail: opts.supportEmail,
    perSenderPerMinute: opts.perUserPerMinute,
  };
  const allowedOrigins = allowedOriginsOf(opts.publicUrl);

  app.post(
    '/api/email',
    {
      config: { access: { kind: 'authenticated', roles: emailRoles } },
      schema: {
        tags: ['email'],
        summary:
          'Send a plain-text e-mail to support, staff, or people on file for a client the caller reaches',
        body: sendEmailBody,
        response: responses,
      },
    },
    async (request) => ({
      status: true as const,
      message: await sendUserEmail(deps, callerOf(request), request.body, 'post'),
    }),
  );

  app.get(
    '/api/email',
    {
      config: { access: { kind: 'authenticated', roles: developerEmailRoles } },
      // A GET that sends mail is a write: the session cookie rides along on a link followed from
      // another site (SameSite=Lax), so it must come from the portal's own pages, like every write.
      onRequest: async (request) => {
        const provenance = {
          method: 'POST',
          origin: headerValue(request.headers.origin),
          secFetchSite: headerValue(request.headers['sec-fetch-site']),
        };
        if (isForgeryFree(provenance, allowedOrigins)) return;
        throw new AppError(
          CommonErrorCode.Forbidden,
          'forbidden',
          'This request did not come from the portal',
        );
      },
      schema: {
        tags: ['email'],
        summary:
          "Send the developer certification's instructions (to, subject, body in the query) under the rules of POST /api/email",
        querystring: sendEmailQuery,
        response: responses,
      },
    },
    async (request, reply) => {
      // Never cached or replayed by a proxy or the browser's history.
      reply.header('cache-control', 'no-store');
      return {
        status: true as const,
        message: await sendUserEmail(deps, callerOf(request), request.query, 'developer_link'),
      };
    },
  );
};
