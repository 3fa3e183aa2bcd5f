import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  accountTermsParams,
  ctaAgreeResponse,
  ctaApplicationResponse,
  ctaApplicationSchema,
  ctaEnrollmentParams,
  ctaSendBody,
  ctaSendResponse,
  ctaTokenQuery,
  termsParams,
  termsResponse,
} from '@portico/contracts/enrollment/click-to-agree';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { reviewRoles } from '../../access/owner-access';
import { publicAccess } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import {
  agreeToApplication,
  type CtaDeps,
  type LinkVisit,
  sendCta,
  termsForAccount,
  termsForEnrollment,
  viewApplication,
} from './click-to-agree.service';
import { type CtaCapability, createCtaCapability, deriveCtaLinkKey } from './cta-capability';

export type ClickToAgreeRoutesOptions = {
  // Links in the e-mail point here.
  publicUrl: string;
  // Per-IP budget of each public call (the link is a credential, so like the sign-in calls).
  rateLimitPerMinute: number;
  // CTA e-mails one staff user may send per minute.
  sendsPerUserPerMinute?: number;
};

const errors = errorResponses(400, 401, 403, 404);

// A link's visitor as the service sees them: where the request came from, and the request's log.
function linkVisitOf(request: FastifyRequest): LinkVisit {
  return { origin: requestOrigin(request), log: request.log };
}

export const clickToAgreeRoutes: FastifyPluginAsyncZod<ClickToAgreeRoutesOptions> = async (app, opts) => {
  let capability: CtaCapability | undefined;
  const deps: CtaDeps = {
    db: app.db,
    mail: app.mail,
    cipher: app.fieldCipher,
    capability: () => {
      capability ??= createCtaCapability(deriveCtaLinkKey(app.dataKey()));
      return capability;
    },
    publicUrl: opts.publicUrl,
    now: () => app.now(),
  };
  const publicRateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };

  app.post(
    '/api/enroll/cta',
    {
      config: {
        // Staff and the parent above the enrollment (reach is checked by the service).
        access: { kind: 'authenticated', roles: reviewRoles },
        rateLimit: {
          max: opts.sendsPerUserPerMinute ?? 10,
          timeWindow: '1 minute',
          keyGenerator: (request) => `cta:${request.session?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['enrollment'],
        summary:
          'Send the click-to-agree e-mail (up to 3 recipients, else the primary e-mail) with a signed 14-day link',
        body: ctaSendBody,
        response: {
          200: ctaSendResponse,
          ...errors,
          409: errorEnvelope,
          429: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (request) => ({
      status: true as const,
      message: await sendCta(deps, callerOf(request), request.body),
    }),
  );

  app.get(
    '/api/public/enroll/:id',
    {
      config: { access: publicAccess, rateLimit: publicRateLimit },
      schema: {
        tags: ['enrollment'],
        summary: 'The application behind a click-to-agree link, sensitive numbers by their last four',
        params: ctaEnrollmentParams,
        querystring: ctaTokenQuery,
        response: { 200: ctaApplicationResponse, 400: errorEnvelope, 403: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await viewApplication(deps, linkVisitOf(request), request.params.id, request.query.token),
    }),
  );

  app.post(
    '/api/public/enroll/:id/agree',
    {
      config: { access: publicAccess, rateLimit: publicRateLimit },
      schema: {
        tags: ['enrollment'],
        summary: 'Complete the application and agree to the terms through a click-to-agree link',
        params: ctaEnrollmentParams,
        querystring: ctaTokenQuery,
        body: ctaApplicationSchema,
        response: {
          200: ctaAgreeResponse,
          400: errorEnvelope,
          403: errorEnvelope,
          409: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request) => ({
      status: true as const,
      message: await agreeToApplication(
        deps,
        linkVisitOf(request),
        request.params.id,
        request.query.token,
        request.body,
      ),
    }),
  );

  // The terms name only the parent, so the pages opened from the enrollment and account pages and
  // from the application need no session.
  app.get(
    '/api/public/terms/:id',
    {
      config: { access: publicAccess, rateLimit: publicRateLimit },
      schema: {
        tags: ['enrollment'],
        summary: 'Merchant agreement of an enrollment’s parent',
        params: termsParams,
        response: { 200: termsResponse, 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await termsForEnrollment(app.db, request.params.id),
    }),
  );

  app.get(
    '/api/public/terms/:id/:enrollment_id',
    {
      config: { access: publicAccess, rateLimit: publicRateLimit },
      schema: {
        tags: ['enrollment'],
        summary: 'Merchant agreement of an account (by its enrollment)',
        params: accountTermsParams,
        response: { 200: termsResponse, 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await termsForAccount(app.db, request.params.id, request.params.enrollment_id),
    }),
  );
};
