import type { CSSProperties } from 'react';
import type { ColumnLayout, ColumnView } from './column-views';
import type { DataGridPin } from './data-grid.types';

// One cell of the column-group header row: a group caption over the adjacent visible columns that
// name it (or a blank over adjacent columns of no group), within one pinned or centre section.
export type ColumnGroupSpan = {
  key: string;
  label: string;
  // aria-colindex - 1 of the first column under it, and how many columns it covers.
  colIndex: number;
  colSpan: number;
  width: number;
  pin: DataGridPin | null;
  style: CSSProperties;
};

function spansOfSection<Row>(views: readonly ColumnView<Row>[], pin: DataGridPin | null): ColumnGroupSpan[] {
  const spans: ColumnGroupSpan[] = [];
  for (const view of views) {
    const label = view.runtime.spec.group ?? '';
    const last = spans[spans.length - 1];
    if (last && last.label === label) {
      last.colSpan += 1;
      last.width += view.width;
    } else {
      spans.push({
        key: `${view.id}:${label}`,
        label,
        colIndex: view.index,
        colSpan: 1,
        width: view.width,
        pin,
        style: {},
      });
    }
  }
  // Sticky offsets of the pinned spans, as their columns have (column-views stickyOffsets).
  let running = 0;
  const ordered = pin === 'right' ? [...spans].reverse() : spans;
  for (const span of ordered) {
    span.style = { width: span.width };
    if (pin === 'left') span.style.left = running;
    if (pin === 'right') span.style.right = running;
    running += span.width;
  }
  return spans;
}

// The group row's cells, or null when no visible column names a group (the grid draws no group row).
export function columnGroupSpans<Row>(layout: ColumnLayout<Row>): ColumnGroupSpan[] | null {
  if (!layout.all.some((view) => view.runtime.spec.group !== undefined)) return null;
  return [
    ...spansOfSection(layout.left, 'left'),
    ...spansOfSection(layout.center, null),
    ...spansOfSection(layout.right, 'right'),
  ];
}
