import { describe, expect, it } from 'vitest';
import {
  isAboveThreeStandardDeviations,
  isOverHighTicketLimit,
  isOverHourlyVelocityLimit,
  riskKindsOfPayment,
} from './risk-rules';

const steady = { count: 20, meanCents: 10_000, stdDevCents: 1_000 };

describe('risk rules', () => {
  it('3x Std Dev fires only above mean plus three deviations, with enough history and spread', () => {
    expect(isAboveThreeStandardDeviations(13_001, steady)).toBe(true);
    expect(isAboveThreeStandardDeviations(13_000, steady)).toBe(false);
    expect(isAboveThreeStandardDeviations(99_999, { ...steady, count: 9 })).toBe(false);
    expect(isAboveThreeStandardDeviations(99_999, { ...steady, stdDevCents: 0 })).toBe(false);
  });

  it('Over High Ticket is strictly above the limit', () => {
    expect(isOverHighTicketLimit(50_001, 50_000)).toBe(true);
    expect(isOverHighTicketLimit(50_000, 50_000)).toBe(false);
  });

  it('High Velocity is more payments in the trailing hour than the limit', () => {
    expect(isOverHourlyVelocityLimit(4, 3)).toBe(true);
    expect(isOverHourlyVelocityLimit(3, 3)).toBe(false);
  });

  it('lists every rule a payment breaks in tab order', () => {
    const limits = { highTicketCents: 12_000, hourlyVelocityLimit: 2 };
    expect(
      riskKindsOfPayment({ amountCents: 20_000, trailing: steady, paymentsInTrailingHour: 3, limits }),
    ).toEqual(['std_dev', 'high_ticket', 'high_velocity']);
    expect(
      riskKindsOfPayment({ amountCents: 10_000, trailing: steady, paymentsInTrailingHour: 1, limits }),
    ).toEqual([]);
  });
});
