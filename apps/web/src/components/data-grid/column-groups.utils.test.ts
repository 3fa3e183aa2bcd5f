import { describe, expect, it } from 'vitest';
import { columnGroupSpans } from './column-groups.utils';
import type { ColumnLayout, ColumnView } from './column-views';

type Row = Record<string, never>;

function view(
  id: string,
  index: number,
  width: number,
  group: string | undefined,
  pin: 'left' | null = null,
) {
  // Only the fields the spans read.
  const spec = { id, header: id, kind: 'text' as const, value: () => '', group };
  return { id, index, width, pin, runtime: { spec } } as unknown as ColumnView<Row>;
}

function layoutOf(left: ColumnView<Row>[], center: ColumnView<Row>[]): ColumnLayout<Row> {
  return { all: [...left, ...center], left, center, right: [], leftWidth: 0, rightWidth: 0, totalWidth: 0 };
}

describe('columnGroupSpans', () => {
  it('is null when no column names a group', () => {
    expect(columnGroupSpans(layoutOf([], [view('a', 0, 100, undefined)]))).toBeNull();
  });

  it('spans adjacent columns of one group, a blank over ungrouped ones, and never across a pinned edge', () => {
    const left = [view('name', 0, 200, 'Merchant', 'left')];
    const center = [
      view('parent', 1, 150, 'Merchant'),
      view('month', 2, 100, 'Performance'),
      view('total', 3, 120, 'Performance'),
      view('note', 4, 80, undefined),
    ];
    const spans = columnGroupSpans(layoutOf(left, center));
    expect(
      spans?.map(({ label, colIndex, colSpan, width, pin }) => ({ label, colIndex, colSpan, width, pin })),
    ).toEqual([
      { label: 'Merchant', colIndex: 0, colSpan: 1, width: 200, pin: 'left' },
      { label: 'Merchant', colIndex: 1, colSpan: 1, width: 150, pin: null },
      { label: 'Performance', colIndex: 2, colSpan: 2, width: 220, pin: null },
      { label: '', colIndex: 4, colSpan: 1, width: 80, pin: null },
    ]);
    expect(spans?.[0]?.style).toEqual({ width: 200, left: 0 });
  });
});
