import type { Column } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import styles from './data-grid.module.css';
import type { DataGridAggregate, DataGridPin } from './data-grid.types';
import type { ColumnRuntime } from './grid-columns';

// One visible column as the grid draws it. Built once per layout change, so every cell of a
// column shares one class string and one style object.
export type ColumnView<Row> = {
  id: string;
  // Position among the visible columns, in display order (aria-colindex - 1).
  index: number;
  runtime: ColumnRuntime<Row>;
  column: Column<Row, unknown>;
  width: number;
  pin: DataGridPin | null;
  // What group rows show in this column.
  aggregate: DataGridAggregate | null;
  cellClassName: string;
  headerClassName: string;
  style: CSSProperties;
};

export type ColumnLayout<Row> = {
  all: ColumnView<Row>[];
  left: ColumnView<Row>[];
  center: ColumnView<Row>[];
  right: ColumnView<Row>[];
  leftWidth: number;
  rightWidth: number;
  totalWidth: number;
};

function joinClasses(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

// Sticky offsets of pinned columns: left ones from the left edge, right ones from the right edge.
export function stickyOffsets(widths: readonly number[], fromEnd: boolean): number[] {
  const offsets = new Array<number>(widths.length).fill(0);
  let running = 0;
  for (let step = 0; step < widths.length; step += 1) {
    const index = fromEnd ? widths.length - 1 - step : step;
    offsets[index] = running;
    running += widths[index] ?? 0;
  }
  return offsets;
}

export function buildColumnLayout<Row>(
  columns: { left: Column<Row, unknown>[]; center: Column<Row, unknown>[]; right: Column<Row, unknown>[] },
  runtimesById: ReadonlyMap<string, ColumnRuntime<Row>>,
  sizing: Readonly<Record<string, number>>,
  aggregations: Readonly<Record<string, DataGridAggregate | null>>,
): ColumnLayout<Row> {
  const all: ColumnView<Row>[] = [];
  const build = (group: Column<Row, unknown>[], pin: DataGridPin | null): ColumnView<Row>[] => {
    const widths = group.map((column) => sizing[column.id] ?? runtimesById.get(column.id)?.defaultWidth ?? 0);
    const offsets = pin === null ? [] : stickyOffsets(widths, pin === 'right');
    const views: ColumnView<Row>[] = [];
    group.forEach((column, position) => {
      const runtime = runtimesById.get(column.id);
      if (!runtime) return;
      const width = widths[position] ?? runtime.defaultWidth;
      const isEdge = pin === 'left' ? position === group.length - 1 : pin === 'right' && position === 0;
      const pinClasses = joinClasses(
        pin !== null && styles.pinned,
        isEdge && (pin === 'left' ? styles.pinnedLeftEdge : styles.pinnedRightEdge),
      );
      const style: CSSProperties = { width };
      if (pin === 'left') style.left = offsets[position];
      if (pin === 'right') style.right = offsets[position];
      const view: ColumnView<Row> = {
        id: column.id,
        index: all.length + views.length,
        runtime,
        column,
        width,
        pin,
        aggregate: aggregations[column.id] ?? null,
        cellClassName: joinClasses(styles.cell, runtime.isNumeric && styles.numeric, pinClasses),
        headerClassName: joinClasses(styles.headerCell, runtime.isNumeric && styles.numeric, pinClasses),
        style,
      };
      views.push(view);
    });
    all.push(...views);
    return views;
  };
  const left = build(columns.left, 'left');
  const center = build(columns.center, null);
  const right = build(columns.right, 'right');
  const sum = (views: ColumnView<Row>[]) => views.reduce((total, view) => total + view.width, 0);
  const leftWidth = sum(left);
  const rightWidth = sum(right);
  return {
    all,
    left,
    center,
    right,
    leftWidth,
    rightWidth,
    totalWidth: leftWidth + sum(center) + rightWidth,
  };
}
