import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  linkConfigResponse,
  linkTerminalsResponse,
  paymentLinksHeaders,
  publishableKeyResponse,
  signLinkBody,
  signLinkResponse,
} from '@portico/contracts/payment-links/payment-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../access/route-access';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import { linkConfigOf, linkTerminalsOf, publishableKeyOf, signLinkParams } from './payment-links.service';

// The payment link builder needs no sign-in: the bearer key is the credential. Key
// guessing is bounded by the per-route limit on top of the whole-API budget.
const keyRateLimit = { max: 60, timeWindow: '1 minute' };
const errors = errorResponses(400, 401);
const description = 'No session: the bearer is the merchant secret API key or its publishable key.';

export const paymentLinksRoutes: FastifyPluginAsyncZod = async (app) => {
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
      message: await signLinkParams(
        app.db,
        request.headers.authorization,
        request.body.params,
        (params) => signPaymentFrameParams(app, params),
        app.now(),
      ),
    }),
  );
};
