import { describe, expect, it } from 'vitest';
import {
  gridConfigKeyParams,
  gridConfigNamesResponse,
  layoutNamesFor,
  namedLayoutKey,
  storedGridLayoutSchema,
  toGridLayout,
} from './grid-layout';

describe('saved grid layouts', () => {
  it('names a layout with the ___ suffix and lists the names of one key only', () => {
    expect(namedLayoutKey('reporting', 'Month end')).toBe('reporting___Month end');
    const keys = [
      'reporting',
      'reporting___Month end',
      'reporting___A',
      'reportingX___B',
      'costing___C',
      'reporting___',
    ];
    expect(layoutNamesFor('reporting', keys)).toEqual(['A', 'Month end']);
  });

  it('reads an old bare array of column state as a v2 layout', () => {
    const stored = storedGridLayoutSchema.parse([{ colId: 'amount', width: 120, hide: false }]);
    expect(toGridLayout(stored)).toEqual({
      version: 'v2',
      columns: [{ colId: 'amount', width: 120, hide: false }],
      filters: {},
      sortModel: [],
      pivotMode: false,
      columnGroupState: [],
    });
  });

  it('refuses a layout of another version and keys with path characters', () => {
    expect(storedGridLayoutSchema.safeParse({ version: 'v1', columns: [] }).success).toBe(false);
    expect(gridConfigKeyParams.safeParse({ key: '../etc' }).success).toBe(false);
    expect(gridConfigKeyParams.safeParse({ key: 'reporting___Month end' }).success).toBe(true);
  });
});

describe('saved layout names answer', () => {
  it('is a list of names', () => {
    expect(gridConfigNamesResponse.parse({ status: true, message: ['A', 'B'] }).message).toEqual(['A', 'B']);
  });
});
