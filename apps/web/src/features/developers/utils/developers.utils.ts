import {
  type WebhookAttemptView,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryStatus,
  type WebhookEndpointView,
  type WebhookEventType,
  webhookEventLabel,
  webhookEventTypes,
} from '@portico/contracts/developers/webhooks';
import { addDays, isIsoDay, zonedDayStartIso } from '../../../lib/time-zone/zoned-days';

// The event checkboxes of Add endpoint, grouped by what they are about, in the contracts' order.
export const webhookEventGroups: readonly { title: string; types: readonly WebhookEventType[] }[] = [
  { title: 'Payments', types: webhookEventTypes.filter((type) => type.startsWith('payment.')) },
  { title: 'Subscriptions', types: webhookEventTypes.filter((type) => type.startsWith('subscription.')) },
  {
    title: 'Payouts and statements',
    types: webhookEventTypes.filter((type) => type.startsWith('payout.') || type.startsWith('statement.')),
  },
  { title: 'Disputes', types: webhookEventTypes.filter((type) => type.startsWith('dispute.')) },
  {
    title: 'Merchants',
    types: webhookEventTypes.filter((type) => type.startsWith('merchant.') || type.startsWith('enrollment.')),
  },
];

// The events an endpoint hears, as people read them: 'All events' when it hears every one.
export function eventTypesInWords(types: readonly string[]): string {
  const heard = new Set(types);
  if (webhookEventTypes.every((type) => heard.has(type))) return 'All events';
  return webhookEventTypes
    .filter((type) => heard.has(type))
    .map(webhookEventLabel)
    .join(', ');
}

export function endpointStateInWords(
  endpoint: Pick<WebhookEndpointView, 'is_enabled' | 'disabled_for_failing'>,
) {
  if (endpoint.is_enabled) return 'Enabled';
  return endpoint.disabled_for_failing ? 'Disabled after three days of failed deliveries' : 'Disabled';
}

// 35 → '35 milliseconds'; 1500 → '1.5 seconds'.
export function durationInWords(ms: number): string {
  if (ms < 1000) return `${ms} ${ms === 1 ? 'millisecond' : 'milliseconds'}`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

// What the receiver did with one attempt: its status code and how long it took, or why there was
// no answer.
export function attemptInWords(attempt: WebhookAttemptView): string {
  if (attempt.status_code === null) {
    const reason = attempt.error ?? 'no answer';
    return `No answer after ${durationInWords(attempt.duration_ms)}: ${reason}.`;
  }
  return `The endpoint answered with status ${attempt.status_code} in ${durationInWords(attempt.duration_ms)}.`;
}

// The answer to 'Send test event' and 'Resend': what the receiver said and what happens next.
export function deliveryOutcomeInWords(outcome: {
  status: WebhookDeliveryStatus;
  attempt: WebhookAttemptView;
}) {
  const said = attemptInWords(outcome.attempt);
  return outcome.status === 'delivered' ? `Delivered. ${said}` : `Not delivered: it will be retried. ${said}`;
}

export type DeliveryFilters = {
  endpointId: string | null;
  eventType: WebhookDeliveriesQuery['event_type'] | null;
  status: WebhookDeliveryStatus | null;
  fromDay: string;
  toDay: string;
};

export const emptyDeliveryFilters: DeliveryFilters = {
  endpointId: null,
  eventType: null,
  status: null,
  fromDay: '',
  toDay: '',
};

// The server takes instants: From starts its day, To ends it, in the user's zone; empty filters nothing.
export function toDeliveriesQuery(
  merchantId: string,
  filters: DeliveryFilters,
  timeZone: string,
): WebhookDeliveriesQuery {
  return {
    merchant_id: merchantId,
    ...(filters.endpointId === null ? {} : { endpoint_id: filters.endpointId }),
    ...(filters.eventType === null ? {} : { event_type: filters.eventType }),
    ...(filters.status === null ? {} : { status: filters.status }),
    ...(isIsoDay(filters.fromDay) ? { from: zonedDayStartIso(filters.fromDay, timeZone) } : {}),
    ...(isIsoDay(filters.toDay) ? { to: zonedDayStartIso(addDays(filters.toDay, 1), timeZone) } : {}),
  };
}

export function deliveryFiltersProblem(filters: DeliveryFilters): string | null {
  if (isIsoDay(filters.fromDay) && isIsoDay(filters.toDay) && filters.fromDay > filters.toDay) {
    return 'From must be on or before To.';
  }
  return null;
}

// The first 2 kB of the receiver's answer as kept in the log; empty answers say so.
export function responseExcerptInWords(excerpt: string | null): string {
  return excerpt === null || excerpt === '' ? 'The answer had no body.' : excerpt;
}
