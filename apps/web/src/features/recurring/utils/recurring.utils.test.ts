import { describe, expect, it } from 'vitest';
import {
  chargeAmountCentsOf,
  moneyLabel,
  parseUnsubscribeSegment,
  paymentMethodLabel,
  seriesActionsOf,
  seriesStatusLabel,
  startDateError,
} from './recurring.utils';
import { RecurringText } from './recurring-text';

describe('recurring utils', () => {
  it('names the status in words and shows the token after its first dash', () => {
    expect(seriesStatusLabel(true)).toBe('Active');
    expect(seriesStatusLabel(false)).toBe('Inactive');
    expect(paymentMethodLabel('tok_ab12-VISA-4242-12-2030')).toBe('VISA-4242-12-2030');
    expect(paymentMethodLabel('plain')).toBe('plain');
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
      expect(chargeAmountCentsOf(bad)).toEqual({ error: RecurringText.AmountInvalid });
    }
  });

  it('refuses a start date in the past', () => {
    expect(startDateError('2026-07-01', '2026-07-01')).toBeNull();
    expect(startDateError('2026-07-02', '2026-07-01')).toBeNull();
    expect(startDateError('2026-06-30', '2026-07-01')).toBe(RecurringText.StartDateInPast);
  });

  it('reads the unsubscribe address segment', () => {
    expect(parseUnsubscribeSegment('tok123+Harbor Lane Coffee+19.99')).toEqual({
      cancelId: 'tok123',
      merchantName: 'Harbor Lane Coffee',
      amount: '19.99',
    });
    expect(parseUnsubscribeSegment('tok123+A+B Shop+5.00')?.merchantName).toBe('A+B Shop');
    expect(parseUnsubscribeSegment('tok123+Shop')).toBeNull();
    expect(parseUnsubscribeSegment('tok123+Shop+lots')).toBeNull();
  });
});
