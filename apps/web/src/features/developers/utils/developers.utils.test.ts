import { webhookEventTypes } from '@portico/contracts/developers/webhooks';
import { describe, expect, it } from 'vitest';
import {
  attemptInWords,
  deliveryFiltersProblem,
  durationInWords,
  emptyDeliveryFilters,
  endpointStateInWords,
  eventTypesInWords,
  toDeliveriesQuery,
  webhookEventGroups,
} from './developers.utils';

describe('developers utils', () => {
  it('groups every event type exactly once', () => {
    expect(webhookEventGroups.flatMap((group) => group.types).sort()).toEqual([...webhookEventTypes].sort());
  });

  it('says the events in words, in the usual order', () => {
    expect(eventTypesInWords(['payment.refunded', 'payment.approved'])).toBe(
      'Payment approved, Payment refunded',
    );
    expect(eventTypesInWords([...webhookEventTypes])).toBe('All events');
  });

  it('says the state in words', () => {
    expect(endpointStateInWords({ is_enabled: true, disabled_for_failing: false })).toBe('Enabled');
    expect(endpointStateInWords({ is_enabled: false, disabled_for_failing: false })).toBe('Disabled');
    expect(endpointStateInWords({ is_enabled: false, disabled_for_failing: true })).toBe(
      'Disabled after three days of failed deliveries',
    );
  });

  it('says durations and attempts in words', () => {
    expect(durationInWords(1)).toBe('1 millisecond');
    expect(durationInWords(999)).toBe('999 milliseconds');
    expect(durationInWords(1000)).toBe('1 second');
    expect(durationInWords(1540)).toBe('1.5 seconds');
    expect(
      attemptInWords({
        attempted_at: '',
        status_code: null,
        duration_ms: 10000,
        response_excerpt: null,
        error: 'no answer within 10 seconds',
      }),
    ).toBe('No answer after 10 seconds: no answer within 10 seconds.');
  });

  it("turns the filters' days into instants of the user's zone", () => {
    expect(
      toDeliveriesQuery(
        'm',
        { ...emptyDeliveryFilters, status: 'failed', fromDay: '2026-03-01', toDay: '2026-03-01' },
        'America/New_York',
      ),
    ).toEqual({
      merchant_id: 'm',
      status: 'failed',
      from: '2026-03-01T05:00:00.000Z',
      to: '2026-03-02T05:00:00.000Z',
    });
    expect(
      deliveryFiltersProblem({ ...emptyDeliveryFilters, fromDay: '2026-03-02', toDay: '2026-03-01' }),
    ).toBe('From must be on or before To.');
  });
});
