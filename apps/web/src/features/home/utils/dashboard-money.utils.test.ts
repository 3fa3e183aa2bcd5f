import { describe, expect, it } from 'vitest';
import { formatDashboardAmount, formatDashboardCents, formatDashboardCount } from './dashboard-money.utils';

describe('dashboard money (aggregated amounts show 2 decimals)', () => {
  it('shows 2 decimals with thousands grouped', () => {
    expect(formatDashboardAmount('0.00')).toBe('$0.00');
    expect(formatDashboardAmount('12345.6')).toBe('$12,345.60');
    expect(formatDashboardAmount('1234567890.05')).toBe('$1,234,567,890.05');
    expect(formatDashboardAmount('999.99')).toBe('$999.99');
  });

  it('puts the sign before the currency', () => {
    expect(formatDashboardAmount('-25.00')).toBe('-$25.00');
    expect(formatDashboardCents(-5)).toBe('-$0.05');
  });

  it('refuses what is not whole cents', () => {
    expect(() => formatDashboardCents(1.5)).toThrow(RangeError);
    expect(() => formatDashboardAmount('12.345')).toThrow(RangeError);
  });

  it('groups counts', () => {
    expect(formatDashboardCount(0)).toBe('0');
    expect(formatDashboardCount(1234567)).toBe('1,234,567');
  });
});
