import { describe, expect, it } from 'vitest';
import { createCellFormatter } from './cell-format.utils';
import {
  BLANK_SET_LABEL,
  collectSetOptions,
  createCellTester,
  filterKindOf,
  isFilterInactive,
  searchSetOptions,
  toggleSetValue,
} from './grid-filters.utils';

const context = (kind: 'text' | 'money' | 'number' | 'datetime' | 'enum' | 'boolean', timeZone = 'UTC') => ({
  kind,
  timeZone,
  format: createCellFormatter({ kind, enumLabels: { a: 'Active', i: 'Inactive' } }, timeZone),
});

describe('grid filters', () => {
  it('picks a filter per column kind unless the column says otherwise', () => {
    expect(filterKindOf({ kind: 'text' })).toBe('text');
    expect(filterKindOf({ kind: 'money' })).toBe('number');
    expect(filterKindOf({ kind: 'datetime' })).toBe('date');
    expect(filterKindOf({ kind: 'enum' })).toBe('set');
    expect(filterKindOf({ kind: 'text', filter: 'set' })).toBe('set');
    expect(filterKindOf({ kind: 'text', filter: false })).toBeNull();
  });

  it('text filters match what the cell contains, ignoring case', () => {
    const test = createCellTester({ filterType: 'text', value: ' Coffee ' }, context('text'));
    expect(test('Harbor Lane COFFEE')).toBe(true);
    expect(test('Copper Kettle')).toBe(false);
    expect(test(undefined)).toBe(false);
    const onLabels = createCellTester({ filterType: 'text', value: 'inact' }, context('enum'));
    expect(onLabels('i')).toBe(true);
    expect(onLabels('a')).toBe(false);
  });

  it('number ranges are inclusive and typed in currency units for money', () => {
    const money = createCellTester({ filterType: 'number', min: 10, max: 20.5 }, context('money'));
    expect(money(1000)).toBe(true);
    expect(money(2050)).toBe(true);
    expect(money(2051)).toBe(false);
    expect(money(999)).toBe(false);
    expect(money(undefined)).toBe(false);
    const atLeast = createCellTester({ filterType: 'number', min: 3, max: null }, context('number'));
    expect(atLeast(1e9)).toBe(true);
    expect(atLeast(2.99)).toBe(false);
  });

  it('date ranges are inclusive days in the user timezone', () => {
    const test = createCellTester(
      { filterType: 'date', from: '2024-01-10', to: '2024-01-10' },
      context('datetime', 'America/New_York'),
    );
    expect(test(Date.parse('2024-01-10T05:00:00Z'))).toBe(true);
    expect(test(Date.parse('2024-01-11T04:59:59Z'))).toBe(true);
    expect(test(Date.parse('2024-01-11T05:00:00Z'))).toBe(false);
    expect(test(Date.parse('2024-01-10T04:59:59Z'))).toBe(false);
  });

  it('set filters keep the chosen values; booleans and enums by key, blanks included', () => {
    const test = createCellTester({ filterType: 'set', values: ['true', ''] }, context('boolean'));
    expect(test(true)).toBe(true);
    expect(test(undefined)).toBe(true);
    expect(test(false)).toBe(false);
  });

  it('drops filters that let everything through', () => {
    expect(isFilterInactive({ filterType: 'text', value: '  ' })).toBe(true);
    expect(isFilterInactive({ filterType: 'number', min: null, max: undefined })).toBe(true);
    expect(isFilterInactive({ filterType: 'number', min: 0 })).toBe(false);
    expect(isFilterInactive({ filterType: 'date', from: null, to: null })).toBe(true);
    expect(isFilterInactive({ filterType: 'set', values: [] })).toBe(false);
  });

  it('lists the distinct values of a column by label, blanks last, and searches them', () => {
    const options = collectSetOptions(['i', 'a', undefined, 'a'], 'enum', context('enum').format);
    expect(options).toEqual([
      { key: 'a', label: 'Active' },
      { key: 'i', label: 'Inactive' },
      { key: '', label: BLANK_SET_LABEL },
    ]);
    expect(searchSetOptions(options, 'INA').map((option) => option.key)).toEqual(['i']);
  });

  it('unchecking one value keeps the others; checking all removes the filter', () => {
    const all = ['a', 'b', 'c'];
    expect(toggleSetValue(all, undefined, 'b', false)).toEqual(['a', 'c']);
    expect(toggleSetValue(all, ['a', 'c'], 'b', true)).toBeUndefined();
    expect(toggleSetValue(all, ['a'], 'a', false)).toEqual([]);
  });
});
