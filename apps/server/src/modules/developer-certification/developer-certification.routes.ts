import { errorEnvelope } from '@portico/contracts/common/envelope';
import {
  certificationRegistrationBody,
  certificationRegistrationResponse,
} from '@portico/contracts/developers/certification-registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { registerDeveloper } from './developer-certification.service';

export type DeveloperCertificationRoutesOptions = { supportEmail: string; perUserPerMinute?: number };

// /certregistration is for admin and parent.
const registrationRoles = ['admin', 'parent'] as const;

export const developerCertificationRoutes: FastifyPluginAsyncZod<
  DeveloperCertificationRoutesOptions
> = async (app, opts) => {
  app.post(
    '/api/certregistration',
    {
      config: {
        access: { kind: 'authenticated', roles: registrationRoles },
        // Each call mails an address the caller typed: a tight per-user budget keeps it from being a relay.
        rateLimit: {
          max: opts.perUserPerMinute ?? 5,
          timeWindow: '1 minute',
          keyGenerator: (request) => `certregistration:${request.session?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['developer-certification'],
        summary:
          'Register a developer for sandbox certification and e-mail the test instructions to them and developer support',
        body: certificationRegistrationBody,
        response: {
          200: certificationRegistrationResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          429: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (request) => ({
      status: true as const,
      message: await registerDeveloper(
        { db: app.db, mail: app.mail, supportEmail: opts.supportEmail },
        callerOf(request),
        request.body,
      ),
    }),
  );
};
