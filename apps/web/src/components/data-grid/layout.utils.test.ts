import { type GridLayout, gridLayoutSchema } from '@portico/contracts/grid/grid-layout';
import { describe, expect, it } from 'vitest';
import {
  type GridViewState,
  initialViewState,
  type LayoutColumn,
  layoutToViewState,
  viewStateToLayout,
} from './layout.utils';

const columns: LayoutColumn[] = [
  { id: 'merchant', width: 180, filterKind: 'text', aggregate: null },
  { id: 'status', width: 150, filterKind: 'set', aggregate: null, pinned: 'left' },
  { id: 'amount', width: 130, filterKind: 'number', aggregate: 'sum' },
  { id: 'createdAt', width: 180, filterKind: 'date', aggregate: null, isHidden: true },
];

const customised: GridViewState = {
  columnOrder: ['amount', 'merchant', 'status', 'createdAt'],
  columnSizing: { merchant: 240 },
  columnVisibility: { merchant: true, status: true, amount: true, createdAt: false },
  columnPinning: { left: ['status'], right: ['amount'] },
  grouping: ['status', 'merchant'],
  aggregations: { merchant: null, status: null, amount: 'avg', createdAt: null },
  filters: {
    merchant: { filterType: 'text', value: 'coffee' },
    amount: { filterType: 'number', min: 10, max: null },
    createdAt: { filterType: 'date', from: '2024-01-01', to: '2024-01-31' },
    status: { filterType: 'set', values: ['active'] },
  },
  sorting: [
    { id: 'amount', desc: true },
    { id: 'merchant', desc: false },
  ],
};

describe('saved grid layouts', () => {
  it('starts from the column specs: order, hidden, pinned, default aggregates and sort', () => {
    const state = initialViewState(columns, {
      sort: [{ colId: 'amount', sort: 'desc' }],
      grouping: ['status', 'nope'],
    });
    expect(state.columnOrder).toEqual(['merchant', 'status', 'amount', 'createdAt']);
    expect(state.columnVisibility.createdAt).toBe(false);
    expect(state.columnPinning).toEqual({ left: ['status'], right: [] });
    expect(state.aggregations.amount).toBe('sum');
    expect(state.sorting).toEqual([{ id: 'amount', desc: true }]);
    expect(state.grouping).toEqual(['status']);
  });

  it('writes a v2 layout the contract accepts', () => {
    const layout = viewStateToLayout(customised, columns);
    expect(gridLayoutSchema.parse(layout)).toEqual(layout);
    expect(layout.columns.map((column) => column.colId)).toEqual([
      'amount',
      'merchant',
      'status',
      'createdAt',
    ]);
    expect(layout.columns[1]).toEqual({
      colId: 'merchant',
      width: 240,
      hide: false,
      pinned: null,
      rowGroupIndex: 1,
      aggFunc: null,
    });
    expect(layout.columns[0]).toMatchObject({ colId: 'amount', width: 130, pinned: 'right', aggFunc: 'avg' });
    expect(layout.columns[3]).toMatchObject({ colId: 'createdAt', hide: true });
    expect(layout.sortModel).toEqual([
      { colId: 'amount', sort: 'desc' },
      { colId: 'merchant', sort: 'asc' },
    ]);
    expect(layout.pivotMode).toBe(false);
  });

  it('round-trips: state → layout → state', () => {
    const restored = layoutToViewState(viewStateToLayout(customised, columns), columns);
    expect(restored).toEqual({
      ...customised,
      columnSizing: { amount: 130, merchant: 240, status: 150, createdAt: 180 },
    });
    expect(viewStateToLayout(restored, columns)).toEqual(viewStateToLayout(customised, columns));
  });

  it('ignores unknown columns and keeps new columns at the end with their defaults', () => {
    const saved: GridLayout = {
      version: 'v2',
      columns: [
        { colId: 'gone', width: 99, hide: true },
        { colId: 'amount', width: 200 },
        { colId: 'merchant', hide: true, rowGroupIndex: 0 },
        { colId: 'amount', width: 999 },
      ],
      filters: {
        gone: { filterType: 'text', value: 'x' },
        merchant: { filterType: 'text', value: 'a' },
        // A number filter on a text column cannot be shown: dropped.
        status: { filterType: 'number', min: 1 },
      },
      sortModel: [
        { colId: 'gone', sort: 'asc' },
        { colId: 'merchant', sort: 'desc' },
      ],
      pivotMode: false,
      columnGroupState: [],
    };
    const state = layoutToViewState(saved, columns);
    expect(state.columnOrder).toEqual(['amount', 'merchant', 'status', 'createdAt']);
    expect(state.columnSizing).toEqual({ amount: 200 });
    expect(state.columnVisibility).toEqual({ merchant: false, status: true, amount: true, createdAt: false });
    // A column the layout does not mention keeps its own pin.
    expect(state.columnPinning).toEqual({ left: ['status'], right: [] });
    expect(state.grouping).toEqual(['merchant']);
    expect(state.filters).toEqual({ merchant: { filterType: 'text', value: 'a' } });
    expect(state.sorting).toEqual([{ id: 'merchant', desc: true }]);
    expect(state.aggregations.amount).toBe('sum');
  });

  it('reads a layout that unpins a column pinned by default', () => {
    const state = layoutToViewState(
      {
        ...viewStateToLayout(initialViewState(columns), columns),
        columns: [{ colId: 'status', pinned: null }],
      },
      columns,
    );
    expect(state.columnPinning.left).toEqual([]);
  });
});
