import { SubscriptionText, unsubscribePagePath } from '@portico/contracts/subscriptions/subscriptions';
import { describe, expect, it } from 'vitest';
import {
  chargeAmountCentsOf,
  cyclesLabel,
  intervalLabel,
  moneyLabel,
  parseUnsubscribeSegment,
  seriesActionsOf,
  startDateError,
} from './recurring.utils';
import { RecurringText } from './recurring-text';

describe('recurring utils', () => {
  it('says the interval and the cycles as people do', () => {
    expect(intervalLabel({ interval: 'monthly', frequency: 1 })).toBe('Monthly');
    expect(intervalLabel({ interval: 'weekly', frequency: 2 })).toBe('Every 2 weeks');
    expect(cyclesLabel(null)).toBe('Until cancelled');
    expect(cyclesLabel(3)).toBe('3');
  });

  it('formats signed amounts', () => {
    expect(moneyLabel('1234.5')).toBe('$1,234.50');
    expect(moneyLabel('-25.00')).toBe('-$25.00');
  });

  it('offers only the actions that can succeed', () => {
    expect(seriesActionsOf({ isActive: true, isReadOnly: false })).toEqual({
      canEnd: true,
      canReactivate: false,
      chargeTimings: ['now', 'nextScheduled'],
    });
    expect(seriesActionsOf({ isActive: false, isReadOnly: false })).toEqual({
      canEnd: false,
      canReactivate: true,
      chargeTimings: ['now'],
    });
    expect(seriesActionsOf({ isActive: true, isReadOnly: true })).toEqual({
      canEnd: false,
      canReactivate: false,
      chargeTimings: [],
    });
  });

  it('refuses amounts of zero, below zero, three decimals or none', () => {
    expect(chargeAmountCentsOf('12.34')).toEqual({ cents: 1234 });
    expect(chargeAmountCentsOf('')).toEqual({ error: RecurringText.AmountRequired });
    for (const bad of ['0', '-1', '1.234', 'abc']) {
      expect(chargeAmountCentsOf(bad)).toEqual({ error: SubscriptionText.AmountNotValid });
    }
  });

  it('refuses a start date in the past', () => {
    expect(startDateError('2026-07-01', '2026-07-01')).toBeNull();
    expect(startDateError('2026-07-02', '2026-07-01')).toBeNull();
    expect(startDateError('2026-06-30', '2026-07-01')).toBe(SubscriptionText.StartDateInPast);
  });

  it('reads the unsubscribe address segment', () => {
    expect(parseUnsubscribeSegment('tok123+Harbor Lane Coffee+19.99')).toEqual({
      cancelId: 'tok123',
      merchantName: 'Harbor Lane Coffee',
      amount: '19.99',
    });
    expect(parseUnsubscribeSegment('tok123+A+B Shop+5.00')?.merchantName).toBe('A+B Shop');
    // What the receipt e-mail's address carries, once the router has decoded the segment.
    const segment = unsubscribePagePath('AbC_d-9', 'Fern & Fig + Co', '12.50').slice('/unsubscribe/'.length);
    expect(parseUnsubscribeSegment(decodeURIComponent(segment))).toEqual({
      cancelId: 'AbC_d-9',
      merchantName: 'Fern & Fig + Co',
      amount: '12.50',
    });
    expect(parseUnsubscribeSegment('tok123+Shop')).toBeNull();
    expect(parseUnsubscribeSegment('tok123+Shop+lots')).toBeNull();
  });
});
