import { Permission } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import { errorResponses, successEnvelope } from '@portico/contracts/common/envelope';
import {
  createWebhookEndpointBody,
  resendFailedBody,
  resendFailedResponse,
  updateWebhookEndpointBody,
  webhookDeliveriesQuery,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookEndpointParams,
  webhookEndpointResponse,
  webhookEndpointsQuery,
  webhookEndpointsResponse,
  webhookEndpointWithSecretResponse,
  webhookResendResponse,
  webhookTestResponse,
} from '@portico/contracts/developers/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../access/caller';
import { runWebhookDeliveries } from './webhook-delivery';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendDelivery,
  resendFailedSince,
  rollWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
  type WebhookDeps,
} from './webhooks.service';

// The Developers page: owners (merchant users), parents and staff holding the Developers permission
// on the merchant. A parent's list covers the merchants below it.
const roles: readonly UserType[] = ['admin', 'parent', 'user'];
const onMerchant = (from: 'query' | 'body') =>
  ({
    kind: 'authenticated',
    roles,
    permission: Permission.Developers,
    merchant: { from, key: 'merchant_id' },
  }) as const;
// By an endpoint's or a delivery's id: the service checks the merchant it belongs to.
const byRecord = { kind: 'authenticated', roles, permission: Permission.Developers } as const;

const errors = errorResponses(400, 401, 403, 404, 422);

export type WebhooksRoutesOptions = { timeoutMs: number; allowPrivateTargets: boolean };

export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (app, opts) => {
  const deps: WebhookDeps = {
    db: app.db,
    mail: app.mail,
    cipher: app.fieldCipher,
    timeoutMs: opts.timeoutMs,
    allowPrivateTargets: opts.allowPrivateTargets,
    now: () => app.now(),
  };

  // Every minute: dispatch the outbox and post what is due, until done or the run's budget is spent.
  app.jobs.register({
    name: 'webhooks.deliver',
    schedule: { everyMinutes: 1 },
    maxAttempts: 3,
    run: async () => runWebhookDeliveries(deps, deps.now),
  });

  app.get(
    '/api/webhooks/endpoints',
    {
      config: { access: onMerchant('query') },
      schema: {
        tags: ['webhooks'],
        summary: 'Webhook endpoints of a merchant and of the merchants below it; secrets masked',
        querystring: webhookEndpointsQuery,
        response: { 200: webhookEndpointsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await listWebhookEndpoints(deps, request.query.merchant_id),
    }),
  );

  app.post(
    '/api/webhooks/endpoints',
    {
      config: { access: onMerchant('body') },
      schema: {
        tags: ['webhooks'],
        summary: 'Add a webhook endpoint; the answer holds its signing secret, shown only this once',
        body: createWebhookEndpointBody,
        response: { 200: webhookEndpointWithSecretResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await createWebhookEndpoint(deps, callerOf(request), request.body),
    }),
  );

  app.patch(
    '/api/webhooks/endpoints/:id',
    {
      config: { access: byRecord },
      schema: {
        tags: ['webhooks'],
        summary: 'Change an endpoint: its address, description, events, or enabled',
        params: webhookEndpointParams,
        body: updateWebhookEndpointBody,
        response: { 200: webhookEndpointResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await updateWebhookEndpoint(deps, callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/webhooks/endpoints/:id',
    {
      config: { access: byRecord },
      schema: {
        tags: ['webhooks'],
        summary: 'Remove an endpoint and its delivery log',
        params: webhookEndpointParams,
        response: { 200: successEnvelope(z.object({ id: z.string() })), ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await deleteWebhookEndpoint(deps, callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/webhooks/endpoints/:id/roll-secret',
    {
      config: { access: byRecord },
      schema: {
        tags: ['webhooks'],
        summary: 'Make a new signing secret (shown once); the old one stops signing at once',
        params: webhookEndpointParams,
        response: { 200: webhookEndpointWithSecretResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await rollWebhookSecret(deps, callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/webhooks/endpoints/:id/test',
    {
      config: { access: byRecord },
      schema: {
        tags: ['webhooks'],
        summary: 'Send a test event to the endpoint now and answer what it said',
        params: webhookEndpointParams,
        response: { 200: webhookTestResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await sendTestEvent(deps, callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/webhooks/deliveries',
    {
      config: { access: onMerchant('query') },
      schema: {
        tags: ['webhooks'],
        summary: 'The delivery log: each event sent to each endpoint, with every attempt',
        description: 'Filtered by endpoint, event type, status and the event’s time; newest 500.',
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveriesResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, message: await listWebhookDeliveries(deps, request.query) }),
  );

  app.post(
    '/api/webhooks/deliveries/:id/resend',
    {
      config: { access: byRecord },
      schema: {
        tags: ['webhooks'],
        summary: 'Send one event to its endpoint again, now',
        params: webhookDeliveryParams,
        response: { 200: successEnvelope(webhookResendResponse.shape.message.nullable()), ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await resendDelivery(deps, callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/webhooks/deliveries/resend-failed',
    {
      config: { access: onMerchant('body') },
      schema: {
        tags: ['webhooks'],
        summary: 'Queue again every failed delivery of the merchant’s endpoints since a time',
        body: resendFailedBody,
        response: { 200: resendFailedResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await resendFailedSince(deps, callerOf(request), request.body),
    }),
  );
};
