// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid positions its rows absolutely, which table elements cannot do; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: focus stays on the grid element; cells are its aria-activedescendant (WAI-ARIA grid pattern)
import type { Row as TableRow } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import { memo, type ReactNode } from 'react';
import { formatCount } from './cell-format.utils';
import type { CellValue } from './cell-values.utils';
import type { ColumnLayout, ColumnView } from './column-views';
import styles from './data-grid.module.css';

export const ROW_HEIGHT = 32;

export function cellDomId(gridId: string, rowIndex: number, colIndex: number): string {
  return `${gridId}-r${rowIndex}-c${colIndex}`;
}

// Leaf count of a group row, cached per row object (TanStack's getLeafRows walks the tree each call).
const leafCounts = new WeakMap<object, number>();
export function leafCountOf<Row>(row: TableRow<Row>): number {
  if (row.subRows.length === 0) return 1;
  let count = leafCounts.get(row);
  if (count === undefined) {
    count = row.subRows.reduce((total, child) => total + leafCountOf(child), 0);
    leafCounts.set(row, count);
  }
  return count;
}

type DataGridRowProps<Row> = {
  row: TableRow<Row>;
  rowIndex: number;
  ariaRowIndex: number;
  top: number;
  layout: ColumnLayout<Row>;
  virtualColumns: VirtualItem[];
  padLeft: number;
  padRight: number;
  isSelected: boolean;
  isExpanded: boolean;
  // Index of the focused cell in this row, -1 when the focus is elsewhere.
  focusedCol: number;
  gridId: string;
};

function groupCell<Row>(row: TableRow<Row>, view: ColumnView<Row>, isExpanded: boolean): ReactNode {
  if (row.groupingColumnId === view.id) {
    const label = view.runtime.format(row.getValue<CellValue>(view.id)) || '(Blanks)';
    return (
      <span style={{ paddingLeft: row.depth * 16 }}>
        <button
          type="button"
          className={styles.groupToggle}
          data-group-toggle=""
          tabIndex={-1}
          aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${label}`}
        >
          {isExpanded ? '▾' : '▸'}
        </button>
        {label}
        <span className={styles.groupCount}>({formatCount(leafCountOf(row))})</span>
      </span>
    );
  }
  // Other grouped columns hold their group's value, shown on the parent group row already.
  if (view.aggregate === null || view.column.getIsGrouped()) return null;
  const aggregate = row.getValue<CellValue>(view.id);
  if (aggregate === undefined) return null;
  // A count is a number of rows whatever the column holds.
  if (view.aggregate === 'count') return formatCount(Number(aggregate));
  return view.runtime.format(aggregate);
}

function DataGridRowView<Row>({
  row,
  rowIndex,
  ariaRowIndex,
  top,
  layout,
  virtualColumns,
  padLeft,
  padRight,
  isSelected,
  isExpanded,
  focusedCol,
  gridId,
}: DataGridRowProps<Row>) {
  const isGroup = row.getIsGrouped();
  const renderCell = (view: ColumnView<Row>) => {
    let content: ReactNode;
    if (isGroup) {
      content = groupCell(row, view, isExpanded);
    } else {
      const text = view.runtime.format(row.getValue<CellValue>(view.id));
      const custom = view.runtime.spec.renderCell;
      content = custom ? custom(row.original, text) : text;
    }
    return (
      <div
        key={view.id}
        role="gridcell"
        // Only the focused cell needs its id (the grid's aria-activedescendant); ids that change on
        // every scrolled row would make the browser restyle each reused cell.
        id={view.index === focusedCol ? cellDomId(gridId, rowIndex, view.index) : undefined}
        aria-colindex={view.index + 1}
        data-col-index={view.index}
        className={
          view.index === focusedCol ? `${view.cellClassName} ${styles.focusedCell}` : view.cellClassName
        }
        style={view.style}
      >
        {content}
      </div>
    );
  };
  const rowClass = [styles.row, isSelected && styles.rowSelected, isGroup && styles.rowGroup]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      role="row"
      aria-rowindex={ariaRowIndex}
      aria-selected={isGroup ? undefined : isSelected}
      aria-expanded={isGroup ? isExpanded : undefined}
      aria-level={isGroup ? row.depth + 1 : undefined}
      data-row-index={rowIndex}
      className={rowClass}
      style={{ transform: `translateY(${top}px)`, width: layout.totalWidth, height: ROW_HEIGHT }}
    >
      {layout.left.map(renderCell)}
      {padLeft > 0 && <div aria-hidden style={{ width: padLeft, flex: 'none' }} />}
      {virtualColumns.map((item) => {
        const view = layout.center[item.index];
        return view ? renderCell(view) : null;
      })}
      {padRight > 0 && <div aria-hidden style={{ width: padRight, flex: 'none' }} />}
      {layout.right.map(renderCell)}
    </div>
  );
}

// Rows re-render only when their own props change: scrolling reuses every row still in view.
export const DataGridRow = memo(DataGridRowView) as typeof DataGridRowView;
