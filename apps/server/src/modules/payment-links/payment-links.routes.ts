import { Permission } from '@portico/contracts/access/permission-names';
import { userTypes } from '@portico/contracts/auth/roles';
import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  linkConfigResponse,
  linkMerchantParams,
  linkMerchantsResponse,
  linkTerminalsResponse,
  paymentLinksHeaders,
  publishableKeyResponse,
  signLinkBody,
  signLinkResponse,
  signMerchantLinkBody,
  signMerchantLinkResponse,
} from '@portico/contracts/payment-links/payment-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { publicAccess, type RouteAccess } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import {
  linkConfigOf,
  linkMerchantsOf,
  linkTerminalsOf,
  merchantLinkConfigOf,
  merchantLinkTerminalsOf,
  publishableKeyOf,
  signLinkParams,
  signMerchantLink,
} from './payment-links.service';

export type PaymentLinksRoutesOptions = { publicUrl: string };

// Without a session the bearer key is the payment link builder's credential. Key guessing is bounded
// by the per-route limit on top of the whole-API budget.
const keyRateLimit = { max: 60, timeWindow: '1 minute' };
const errors = errorResponses(400, 401);
const description = 'No session: the bearer is the merchant secret API key or its publishable key.';

// Signed in, the session is the credential: the merchant named in the path, reached by the caller,
// with Payment Pages there. Processor-audit users are refused (the reads in the service).
const merchantLinkAccess: RouteAccess = {
  kind: 'authenticated',
  roles: userTypes,
  merchant: { from: 'params', key: 'client_id' },
  permission: Permission.PaymentPages,
};
const sessionErrors = errorResponses(400, 401, 403, 404);
const sessionDescription =
  "Signed in: needs Payment Pages on the merchant; no API key is sent, and the merchant's secret key " +
  'is never read. Refused to processor-audit users.';

export const paymentLinksRoutes: FastifyPluginAsyncZod<PaymentLinksRoutesOptions> = async (app, options) => {
  app.get(
    '/api/apikeys/publishable-key',
    {
      config: { access: publicAccess, rateLimit: keyRateLimit },
      schema: {
        tags: ['payment-links'],
        summary: 'The publishable key of the merchant named by the bearer key (the only key links carry)',
        description,
        headers: paymentLinksHeaders,
        response: { 200: publishableKeyResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await publishableKeyOf(app.db, request.headers.authorization),
    }),
  );

  app.get(
    '/api/client/link-config',
    {
      config: { access: publicAccess, rateLimit: keyRateLimit },
      schema: {
        tags: ['payment-links'],
        summary: 'Payment methods the merchant is configured for, and its white-label logo',
        description,
        headers: paymentLinksHeaders,
        response: { 200: linkConfigResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await linkConfigOf(app.db, request.headers.authorization),
    }),
  );

  app.get(
    '/api/terminal',
    {
      config: { access: publicAccess, rateLimit: keyRateLimit },
      schema: {
        tags: ['payment-links'],
        summary: "The merchant's card-present terminals keyed by id, with connection status and lane",
        description,
        headers: paymentLinksHeaders,
        response: { 200: linkTerminalsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await linkTerminalsOf(app.db, app.terminalProvider, request.headers.authorization),
    }),
  );

  app.post(
    '/api/payment-links/sign',
    {
      config: { access: publicAccess, rateLimit: keyRateLimit },
      schema: {
        tags: ['payment-links'],
        summary: "Sign a payment link's params (bearer: the merchant's secret API key)",
        description:
          'The params must pass the payment frame schema and name the merchant by its publishable key; ' +
          'an expiresAt must be ahead (LINK_EXPIRY_IN_PAST). A one-time charge (source link-builder) ' +
          'gets a fresh linkId first. Answers the signature, the signed params and the signed frame path.',
        headers: paymentLinksHeaders,
        body: signLinkBody,
        response: { 200: signLinkResponse, ...errors, 403: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await signLinkParams(app.db, request.headers.authorization, request.body.params, {
        sign: (params) => signPaymentFrameParams(app, params),
        now: app.now(),
        origin: requestOrigin(request),
      }),
    }),
  );

  app.get(
    '/api/payment-links/merchants',
    {
      config: { access: { kind: 'authenticated', roles: userTypes } },
      schema: {
        tags: ['payment-links'],
        summary: 'The merchants the signed-in caller may make payment links for, by name',
        description:
          'Merchants where the caller holds Payment Pages (admin: every merchant), each with the publishable ' +
          'key its links carry. 403 for a caller holding it nowhere and for processor-audit users.',
        response: { 200: linkMerchantsResponse, ...sessionErrors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await linkMerchantsOf(app.db, callerOf(request)),
    }),
  );

  app.get(
    '/api/payment-links/merchants/:client_id/link-config',
    {
      config: { access: merchantLinkAccess },
      schema: {
        tags: ['payment-links'],
        summary: 'Payment methods the merchant is configured for, and its white-label logo (signed in)',
        description: sessionDescription,
        params: linkMerchantParams,
        response: { 200: linkConfigResponse, ...sessionErrors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await merchantLinkConfigOf(app.db, callerOf(request), request.params.client_id),
    }),
  );

  app.get(
    '/api/payment-links/merchants/:client_id/terminals',
    {
      config: { access: merchantLinkAccess },
      schema: {
        tags: ['payment-links'],
        summary: "The merchant's card-present terminals keyed by id (signed in)",
        description: sessionDescription,
        params: linkMerchantParams,
        response: { 200: linkTerminalsResponse, ...sessionErrors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await merchantLinkTerminalsOf(
        app.db,
        app.terminalProvider,
        callerOf(request),
        request.params.client_id,
      ),
    }),
  );

  app.post(
    '/api/payment-links/merchants/:client_id/sign',
    {
      config: { access: merchantLinkAccess },
      schema: {
        tags: ['payment-links'],
        summary: "Sign a payment link's params for the merchant (signed in)",
        description:
          `${sessionDescription} The params are checked and signed as POST /api/payment-links/sign does; ` +
          'short_link also stores the short link. Audited as payment_link.create naming the user.',
        params: linkMerchantParams,
        body: signMerchantLinkBody,
        response: { 200: signMerchantLinkResponse, ...sessionErrors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await signMerchantLink(
        {
          db: app.db,
          publicUrl: options.publicUrl,
          sign: (params) => signPaymentFrameParams(app, params),
          now: app.now(),
        },
        callerOf(request),
        request.params.client_id,
        request.body,
      ),
    }),
  );
};
