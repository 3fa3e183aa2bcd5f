import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Webhooks: a merchant's (or a parent's, for its whole hierarchy) endpoints that hear about payments,
// subscriptions, payouts, statements, enrollments and freezes, and the log of every delivery.

export const webhookEventTypes = [
  'payment.approved',
  'payment.declined',
  'payment.voided',
  'payment.refunded',
  'subscription.created',
  'subscription.charged',
  'subscription.failed',
  'subscription.ended',
  'payout.paid',
  'statement.posted',
  'enrollment.approved',
  'merchant.frozen',
  'merchant.enabled',
  // A dispute opened (an inquiry or a chargeback), changed (a chargeback after its inquiry, evidence
  // submitted) and closed (won, lost, accepted or expired).
  'dispute.created',
  'dispute.updated',
  'dispute.closed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const webhookEventTypeSchema = z.enum(webhookEventTypes);

// 'Send test event' sends this type to one endpoint only; no change in the system makes it.
export const webhookTestEventType = 'webhook.test';

export const webhookEventLabels: Readonly<Record<WebhookEventType | typeof webhookTestEventType, string>> = {
  'payment.approved': 'Payment approved',
  'payment.declined': 'Payment declined',
  'payment.voided': 'Payment voided',
  'payment.refunded': 'Payment refunded',
  'subscription.created': 'Subscription created',
  'subscription.charged': 'Subscription charged',
  'subscription.failed': 'Subscription charge failed',
  'subscription.ended': 'Subscription ended',
  'payout.paid': 'Payout paid',
  'statement.posted': 'Statement posted',
  'enrollment.approved': 'Enrollment approved',
  'merchant.frozen': 'Merchant frozen',
  'merchant.enabled': 'Merchant enabled',
  'dispute.created': 'Dispute opened',
  'dispute.updated': 'Dispute updated',
  'dispute.closed': 'Dispute closed',
  'webhook.test': 'Test event',
};

export function webhookEventLabel(type: string): string {
  return type in webhookEventLabels ? webhookEventLabels[type as keyof typeof webhookEventLabels] : type;
}

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
export const webhookDeliveryStatusLabels: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

// The headers every delivery carries; receivers verify the signature and drop repeated event ids.
export const WebhookHeader = {
  Signature: 'portico-signature',
  EventId: 'portico-event-id',
  EventType: 'portico-event-type',
} as const;

// A signature older or newer than this is refused by the verification (replays).
export const webhookSignatureToleranceSeconds = 300;
// Each delivery is retried with growing waits for this long, then marked failed.
export const webhookRetryWindowHours = 72;
// Events and their delivery log are kept this long.
export const webhookEventsKeptDays = 30;
export const webhookUrlMaxLength = 2048;
// The part of a receiver's answer kept in the log.
export const webhookResponseExcerptBytes = 2048;

export const WebhookText = {
  Title: 'Developers',
  EndpointsTitle: 'Webhook endpoints',
  DeliveriesTitle: 'Delivery log',
  AddEndpoint: 'Add endpoint',
  NoEndpoints: 'No webhook endpoints yet. Add one to hear about payments without polling.',
  SecretShownOnce: 'Copy this signing secret now: it will not be shown again.',
  SecretLabel: 'Signing secret',
  SecretCopied: 'Copied',
  SecretRolled: 'A new signing secret was made. The old one no longer signs deliveries.',
  TestSent: 'Test event sent.',
  ResendQueued: 'The event will be sent again.',
  UrlInvalid: 'Enter a full address beginning with https://.',
  UrlNotHttps: 'The endpoint address must begin with https://.',
  UrlTooLong: `The endpoint address may be at most ${webhookUrlMaxLength} characters.`,
  UrlPrivate: 'The endpoint address must be reachable on the internet, not a private or local address.',
  EventTypesRequired: 'Choose at least one event.',
  EndpointNotFound: 'That webhook endpoint was not found.',
  DeliveryNotFound: 'That event delivery was not found.',
  MerchantRequired: 'Choose the merchant the endpoint belongs to.',
  EndpointDisabled: 'The endpoint is disabled. Enable it to send events to it.',
  SignatureMissing: 'The signature header is missing or malformed.',
  SignatureMismatch: 'The signature does not match the body.',
  SignatureExpired: 'The signature is too old or from the future.',
} as const;

export const WebhookErrorCode = {
  UrlRefused: 'WEBHOOK_URL_REFUSED',
  EndpointNotFound: 'WEBHOOK_ENDPOINT_NOT_FOUND',
  DeliveryNotFound: 'WEBHOOK_DELIVERY_NOT_FOUND',
  EndpointDisabled: 'WEBHOOK_ENDPOINT_DISABLED',
} as const;

// What is wrong with an endpoint address by its text alone (the address it resolves to is checked
// on the server): null when it may be used. Plain http only where the server allows it (development).
export function webhookUrlProblem(url: string, options: { allowPlainHttp: boolean }): string | null {
  if (url.length > webhookUrlMaxLength) return WebhookText.UrlTooLong;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return WebhookText.UrlInvalid;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return WebhookText.UrlInvalid;
  if (parsed.username !== '' || parsed.password !== '') return WebhookText.UrlInvalid;
  if (parsed.protocol === 'http:' && !options.allowPlainHttp) return WebhookText.UrlNotHttps;
  return null;
}

// The secret as every answer after creation shows it.
export function maskedWebhookSecret(last4: string): string {
  return `whsec_••••${last4}`;
}

const eventTypesField = z
  .array(webhookEventTypeSchema)
  .min(1, WebhookText.EventTypesRequired)
  .max(webhookEventTypes.length)
  .transform((types) => [...new Set(types)]);

export const webhookEndpointsQuery = z.strictObject({ merchant_id: z.uuid() });

export const createWebhookEndpointBody = z.strictObject({
  merchant_id: z.uuid(),
  url: z.string().trim().min(1, WebhookText.UrlInvalid).max(webhookUrlMaxLength, WebhookText.UrlTooLong),
  description: z.string().trim().max(200).optional(),
  event_types: eventTypesField,
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBody>;

export const updateWebhookEndpointBody = z
  .strictObject({
    url: z.string().trim().min(1, WebhookText.UrlInvalid).max(webhookUrlMaxLength, WebhookText.UrlTooLong),
    description: z.string().trim().max(200).nullable(),
    event_types: eventTypesField,
    is_enabled: z.boolean(),
  })
  .partial();
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBody>;

export const webhookEndpointParams = z.strictObject({ id: z.uuid() });

export const webhookEndpointView = z.object({
  id: z.string(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.string()),
  is_enabled: z.boolean(),
  // Set when the system switched it off after three days of failures.
  disabled_for_failing: z.boolean(),
  secret: z.string(),
  created_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

export const webhookEndpointsResponse = successEnvelope(z.array(webhookEndpointView));
export const webhookEndpointResponse = successEnvelope(webhookEndpointView);
// Creation and a roll answer the whole secret, once.
export const webhookEndpointWithSecretResponse = successEnvelope(
  z.object({ endpoint: webhookEndpointView, signing_secret: z.string() }),
);

export const webhookAttemptView = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttemptView = z.infer<typeof webhookAttemptView>;

export const webhookTestResponse = successEnvelope(
  z.object({ delivery_id: z.string(), status: z.enum(webhookDeliveryStatuses), attempt: webhookAttemptView }),
);

const dateFilter = z.iso.datetime({ offset: true }).optional();

export const webhookDeliveriesQuery = z.strictObject({
  merchant_id: z.uuid(),
  endpoint_id: z.uuid().optional(),
  event_type: z.union([webhookEventTypeSchema, z.literal(webhookTestEventType)]).optional(),
  status: z.enum(webhookDeliveryStatuses).optional(),
  from: dateFilter,
  to: dateFilter,
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

export const webhookDeliveryRow = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  event_created_at: z.string(),
  endpoint_id: z.string(),
  endpoint_url: z.string(),
  merchant_name: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  next_attempt_at: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  attempt_log: z.array(webhookAttemptView),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;
export const webhookDeliveriesPageSize = 500;
export const webhookDeliveriesResponse = successEnvelope(z.array(webhookDeliveryRow));

export const webhookDeliveryParams = z.strictObject({ id: z.uuid() });
export const webhookResendResponse = webhookTestResponse;

export const resendFailedBody = z.strictObject({
  merchant_id: z.uuid(),
  since: z.iso.datetime({ offset: true }),
  endpoint_id: z.uuid().optional(),
});
export const resendFailedResponse = successEnvelope(z.object({ queued: z.number().int() }));
