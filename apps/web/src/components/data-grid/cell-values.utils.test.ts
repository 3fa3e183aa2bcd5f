import { describe, expect, it } from 'vitest';
import {
  createCellValueReader,
  moneyToCents,
  toBooleanValue,
  toNumberValue,
  toTextValue,
} from './cell-values.utils';

describe('cell values', () => {
  it('reads money as integer cents without float arithmetic on strings', () => {
    expect(moneyToCents('1234.56')).toBe(123456);
    expect(moneyToCents('0.1')).toBe(10);
    expect(moneyToCents('-12.345')).toBe(-1235);
    expect(moneyToCents('12.344')).toBe(1234);
    expect(moneyToCents('1,000.00')).toBe(100000);
    expect(moneyToCents('.5')).toBe(50);
    expect(moneyToCents('7')).toBe(700);
    expect(moneyToCents(19.99)).toBe(1999);
    expect(moneyToCents('-0.001')).toBe(0);
    expect(moneyToCents('abc')).toBeUndefined();
    expect(moneyToCents('')).toBeUndefined();
    expect(moneyToCents(null)).toBeUndefined();
  });

  it('reads numbers, booleans and text from what servers send', () => {
    expect(toNumberValue('42.5')).toBe(42.5);
    expect(toNumberValue(' ')).toBeUndefined();
    expect(toNumberValue(Number.NaN)).toBeUndefined();
    expect(toBooleanValue('t')).toBe(true);
    expect(toBooleanValue('No')).toBe(false);
    expect(toBooleanValue(1)).toBe(true);
    expect(toBooleanValue('maybe')).toBeUndefined();
    expect(toTextValue('')).toBeUndefined();
    expect(toTextValue(12)).toBe('12');
    expect(toTextValue({ a: 1 })).toBe('{"a":1}');
  });

  it('picks the reader of the column kind', () => {
    expect(createCellValueReader('money', 'UTC')('3.10')).toBe(310);
    expect(createCellValueReader('date', 'UTC')('2024-01-02')).toBe(Date.parse('2024-01-02T00:00:00Z'));
    expect(createCellValueReader('enum', 'UTC')('active')).toBe('active');
  });
});
