import { describe, expect, it } from 'vitest';
import { dashboardMetricWindows, statsQuery, statsResponse } from './stats';

describe('dashboardMetricWindows: "end yesterday and cover the prior 7 and 30 days"', () => {
  it('ends yesterday', () => {
    expect(dashboardMetricWindows('2025-07-15')).toEqual({
      last7: { start: '2025-07-08', end: '2025-07-14' },
      last30: { start: '2025-06-15', end: '2025-07-14' },
    });
  });

  it('crosses months and leap days', () => {
    expect(dashboardMetricWindows('2024-03-01')).toEqual({
      last7: { start: '2024-02-23', end: '2024-02-29' },
      last30: { start: '2024-01-31', end: '2024-02-29' },
    });
    expect(dashboardMetricWindows('2025-01-01').last7).toEqual({ start: '2024-12-25', end: '2024-12-31' });
  });

  it('refuses a day it cannot read', () => {
    expect(() => dashboardMetricWindows('15/07/2025')).toThrow(RangeError);
  });
});

describe('stats call', () => {
  it('takes an optional merchant id', () => {
    expect(statsQuery.parse({})).toEqual({});
    expect(statsQuery.safeParse({ id: 'not-a-uuid' }).success).toBe(false);
  });

  it('answers last7, last30 and monthlyVolume', () => {
    const message = {
      last7: [{ start: '2025-07-08', end: '2025-07-14', transactions: 12, total: '1520.40' }],
      last30: [{ start: '2025-06-15', end: '2025-07-14', transactions: 58, total: '7311.05' }],
      monthlyVolume: [
        { month: '2025-06', total: '6120.00' },
        { month: '2025-07', total: '1190.25' },
      ],
    };
    expect(statsResponse.parse({ status: true, message }).message).toEqual(message);
    const badMonth = { ...message, monthlyVolume: [{ month: '2025-13', total: '1.00' }] };
    expect(statsResponse.safeParse({ status: true, message: badMonth }).success).toBe(false);
    const floatTotal = { ...message, last7: [{ ...message.last7[0], total: 1520.4 }] };
    expect(statsResponse.safeParse({ status: true, message: floatTotal }).success).toBe(false);
  });
});
