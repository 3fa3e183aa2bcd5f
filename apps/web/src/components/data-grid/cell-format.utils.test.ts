import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/time-zone/date-time-format';
import {
  centsToDecimalString,
  createCellFormatter,
  formatCents,
  formatTwoDecimals,
} from './cell-format.utils';

describe('cell formatting', () => {
  it('shows money with 2 decimals and thousands separators', () => {
    expect(formatCents(123456789)).toBe('1,234,567.89');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-100)).toBe('-1.00');
    expect(formatCents(1050.5)).toBe('10.51');
    expect(formatCents(-0.4)).toBe('0.00');
    expect(centsToDecimalString(-123405)).toBe('-1234.05');
  });

  it('formats each kind once per column', () => {
    expect(createCellFormatter({ kind: 'money' }, 'UTC')(250)).toBe('2.50');
    expect(createCellFormatter({ kind: 'money', hasCurrencySign: true }, 'UTC')(123456)).toBe('$1,234.56');
    expect(createCellFormatter({ kind: 'money', hasCurrencySign: true }, 'UTC')(-250)).toBe('-$2.50');
    expect(createCellFormatter({ kind: 'number' }, 'UTC')(1234.56789)).toBe('1,234.5679');
    expect(createCellFormatter({ kind: 'number', decimals: 1 }, 'UTC')(2)).toBe('2.0');
    expect(createCellFormatter({ kind: 'boolean' }, 'UTC')(true)).toBe('Yes');
    expect(createCellFormatter({ kind: 'boolean' }, 'UTC')(undefined)).toBe('');
    expect(createCellFormatter({ kind: 'enum', enumLabels: { a: 'Active' } }, 'UTC')('a')).toBe('Active');
    expect(createCellFormatter({ kind: 'enum', enumLabels: { a: 'Active' } }, 'UTC')('z')).toBe('z');
    const instant = Date.parse('2024-06-30T23:30:00Z');
    expect(createCellFormatter({ kind: 'date' }, 'Asia/Tokyo')(instant)).toBe('2024-07-01');
    expect(createCellFormatter({ kind: 'datetime' }, 'Asia/Tokyo')(instant)).toBe(
      '2024-07-01 08:30:00 GMT+9',
    );
    expect(
      createCellFormatter(
        { kind: 'datetime', dateFormat: 'yyyy-mm-dd hh:mm' },
        'America/Los_Angeles',
      )(instant),
    ).toBe('2024-06-30 16:30 PDT');
  });

  it('writes a date-time cell exactly as the rest of the portal writes it', () => {
    const instant = Date.parse('2024-01-15T17:05:09Z');
    expect(createCellFormatter({ kind: 'datetime' }, 'America/New_York')(instant)).toBe(
      formatDateTime(instant, 'America/New_York'),
    );
    expect(formatDateTime(instant, 'America/New_York')).toBe('2024-01-15 12:05:09 EST');
  });

  it('names each side of a daylight saving change within one column', () => {
    const format = createCellFormatter({ kind: 'datetime' }, 'America/New_York');
    const change = Date.parse('2024-03-10T07:00:00Z');
    expect([format(change - 1000), format(change), format(change - 2000)]).toEqual([
      '2024-03-10 01:59:59 EST',
      '2024-03-10 03:00:00 EDT',
      '2024-03-10 01:59:58 EST',
    ]);
  });

  it('shows totals with 2 decimals', () => {
    expect(formatTwoDecimals(1234.5)).toBe('1,234.50');
    expect(formatTwoDecimals(0.125)).toBe('0.13');
  });
});
