import { describe, expect, it } from 'vitest';
import { formatCentsAsCompactMoney } from './decimal';
import { formatCentsAsDecimal, formatCentsAsMoney, moneyInput, parseDecimalToCents } from './money';

describe('parseDecimalToCents', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['-0.05', -5],
    [' 7.10 ', 710],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseDecimalToCents(text)).toBe(cents);
  });

  it.each(['', '1.234', 'abc', '1e3', '--1', '1.', '.5'])('refuses %s', (text) => {
    expect(parseDecimalToCents(text)).toBeNull();
  });

  it('never drifts the way float arithmetic does', () => {
    expect(parseDecimalToCents('0.29')).toBe(29);
    expect(parseDecimalToCents('1.15')).toBe(115);
  });
});

describe('formatCentsAsDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1234, '12.34'],
    [-1234, '-12.34'],
    [100_000_000_00, '100000000.00'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatCentsAsDecimal(cents)).toBe(text);
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatCentsAsDecimal(1.5)).toThrow(RangeError);
  });
});

describe('moneyInput', () => {
  it('accepts strings and numbers with up to 2 decimals', () => {
    expect(moneyInput.parse('10.50')).toBe(1050);
    expect(moneyInput.parse(10.5)).toBe(1050);
  });

  it('rejects a third decimal', () => {
    expect(moneyInput.safeParse('10.505').success).toBe(false);
  });
});

describe('formatCentsAsMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123_456_789, '$1,234,567.89'],
    [-4_000, '-$40.00'],
    [-100_000_000, '-$1,000,000.00'],
  ])('%i cents reads %s', (cents, text) => {
    expect(formatCentsAsMoney(cents)).toBe(text);
  });
});

describe('formatCentsAsCompactMoney', () => {
  it('labels chart axis ticks in compact whole dollars with the currency sign', () => {
    expect(formatCentsAsCompactMoney(1_250_000)).toBe('$12.5K');
    expect(formatCentsAsCompactMoney(0)).toBe('$0');
    expect(formatCentsAsCompactMoney(-350_000_000)).toBe('-$3.5M');
  });
});
