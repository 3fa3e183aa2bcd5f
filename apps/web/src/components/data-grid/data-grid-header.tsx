// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid positions its rows absolutely, which table elements cannot do; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: focus stays on the grid element; cells are its aria-activedescendant (WAI-ARIA grid pattern)
// biome-ignore-all lint/a11y/noStaticElementInteractions: header clicks sort; the grid's keydown handler sorts with Enter on a header
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the grid's keydown handler sorts with Enter on a header
import type { VirtualItem } from '@tanstack/react-virtual';
import { type DragEvent, type KeyboardEvent, memo, type PointerEvent, useRef, useState } from 'react';
import type { ColumnGroupSpan } from './column-groups.utils';
import type { ColumnLayout, ColumnView } from './column-views';
import styles from './data-grid.module.css';
import { HeaderMenu } from './header-menu';
import type { GridActions } from './use-grid-actions';

export const HEADER_HEIGHT = 36;
// Columns dragged from a header to another header, to the group panel or in the Columns tool.
export const COLUMN_DRAG_TYPE = 'application/x-portico-grid-column';
const RESIZE_STEP = 16;

export function headerDomId(gridId: string, colIndex: number): string {
  return `${gridId}-h${colIndex}`;
}

export function isColumnDrag(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes(COLUMN_DRAG_TYPE);
}

type SortInfo = { direction: 'asc' | 'desc' | false; position: number };

type HeaderRowProps<Row> = {
  // 1, or 2 under a column-group row; the row sticks below that row.
  ariaRowIndex: number;
  layout: ColumnLayout<Row>;
  virtualColumns: VirtualItem[];
  padLeft: number;
  padRight: number;
  sorting: readonly { id: string; desc: boolean }[];
  focusedCol: number;
  gridId: string;
  actions: GridActions;
};

function DataGridHeaderRowView<Row>({
  ariaRowIndex,
  layout,
  virtualColumns,
  padLeft,
  padRight,
  sorting,
  focusedCol,
  gridId,
  actions,
}: HeaderRowProps<Row>) {
  const sortOf = (id: string): SortInfo => {
    const position = sorting.findIndex((sort) => sort.id === id);
    const sort = sorting[position];
    if (!sort) return { direction: false, position: -1 };
    return { direction: sort.desc ? 'desc' : 'asc', position: sorting.length > 1 ? position + 1 : -1 };
  };
  const renderHeader = (view: ColumnView<Row>) => (
    <DataGridHeaderCell
      key={view.id}
      view={view}
      sort={sortOf(view.id)}
      isFocused={view.index === focusedCol}
      gridId={gridId}
      actions={actions}
    />
  );
  return (
    <div
      role="row"
      aria-rowindex={ariaRowIndex}
      className={styles.headerRow}
      style={{ width: layout.totalWidth, height: HEADER_HEIGHT, top: (ariaRowIndex - 1) * HEADER_HEIGHT }}
    >
      {layout.left.map(renderHeader)}
      {padLeft > 0 && <div aria-hidden style={{ width: padLeft, flex: 'none' }} />}
      {virtualColumns.map((item) => {
        const view = layout.center[item.index];
        return view ? renderHeader(view) : null;
      })}
      {padRight > 0 && <div aria-hidden style={{ width: padRight, flex: 'none' }} />}
      {layout.right.map(renderHeader)}
    </div>
  );
}

// Vertical scrolling re-renders the body, never the header: its props do not change.
export const DataGridHeaderRow = memo(DataGridHeaderRowView) as typeof DataGridHeaderRowView;

// The column-group row above the titles: one columnheader per group span (aria-colspan), drawn whole
// (a few spans, not one cell per column), so the row virtualisation and the data rows are untouched.
export const DataGridGroupHeaderRow = memo(function DataGridGroupHeaderRow({
  spans,
  totalWidth,
}: {
  spans: readonly ColumnGroupSpan[];
  totalWidth: number;
}) {
  return (
    <div
      role="row"
      aria-rowindex={1}
      className={`${styles.headerRow} ${styles.groupHeaderRow}`}
      style={{ width: totalWidth, height: HEADER_HEIGHT }}
    >
      {spans.map((span) => (
        <div
          key={span.key}
          role="columnheader"
          aria-colindex={span.colIndex + 1}
          aria-colspan={span.colSpan}
          className={[styles.groupHeaderCell, span.pin !== null && styles.pinned].filter(Boolean).join(' ')}
          style={span.style}
        >
          {span.label}
        </div>
      ))}
    </div>
  );
});

type HeaderCellProps<Row> = {
  view: ColumnView<Row>;
  sort: SortInfo;
  isFocused: boolean;
  gridId: string;
  actions: GridActions;
};

function DataGridHeaderCell<Row>({ view, sort, isFocused, gridId, actions }: HeaderCellProps<Row>) {
  const [isDropTarget, setIsDropTarget] = useState(false);
  const { spec } = view.runtime;
  const isSortable = spec.isSortable !== false;
  const className = [view.headerClassName, isFocused && styles.focusedCell, isDropTarget && styles.dropTarget]
    .filter(Boolean)
    .join(' ');

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setIsDropTarget(false);
    const movedId = event.dataTransfer.getData(COLUMN_DRAG_TYPE);
    if (!movedId || movedId === view.id) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    actions.moveColumn(movedId, view.id, event.clientX > rect.left + rect.width / 2);
  };

  return (
    <div
      role="columnheader"
      id={headerDomId(gridId, view.index)}
      aria-colindex={view.index + 1}
      aria-sort={sort.direction === 'asc' ? 'ascending' : sort.direction === 'desc' ? 'descending' : 'none'}
      data-col-index={view.index}
      className={className}
      style={view.style}
      onDragOver={(event) => {
        if (!isColumnDrag(event)) return;
        event.preventDefault();
        setIsDropTarget(true);
      }}
      onDragLeave={() => setIsDropTarget(false)}
      onDrop={onDrop}
    >
      <div
        className={styles.headerLabel}
        draggable
        title={spec.header}
        onDragStart={(event) => {
          event.dataTransfer.setData(COLUMN_DRAG_TYPE, view.id);
          event.dataTransfer.effectAllowed = 'move';
        }}
        onClick={(event) => {
          if (isSortable) actions.toggleSort(view.id, event.shiftKey);
        }}
      >
        <span className={styles.headerText}>{spec.header}</span>
        {sort.direction !== false && (
          <span className={styles.sortMark} aria-hidden>
            {sort.direction === 'asc' ? '▲' : '▼'}
            {sort.position > 0 ? sort.position : ''}
          </span>
        )}
      </div>
      <HeaderMenu
        columnId={view.id}
        header={spec.header}
        isSortable={isSortable}
        sortDirection={sort.direction}
        pin={view.pin}
        isGrouped={view.column.getIsGrouped()}
        isNumeric={view.runtime.isNumeric}
        aggregate={view.aggregate}
        actions={actions}
      />
      <ResizeHandle view={view} actions={actions} />
    </div>
  );
}

function ResizeHandle<Row>({ view, actions }: { view: ColumnView<Row>; actions: GridActions }) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const header = view.runtime.spec.header;
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${header}`}
      aria-valuenow={view.width}
      tabIndex={0}
      className={styles.resizeHandle}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={() => actions.resizeColumn(view.id, view.runtime.defaultWidth)}
      onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
        event.preventDefault();
        event.stopPropagation();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        start.current = { x: event.clientX, width: view.width };
      }}
      onPointerMove={(event) => {
        if (start.current)
          actions.resizeColumn(view.id, start.current.width + event.clientX - start.current.x);
      }}
      onPointerUp={() => {
        start.current = null;
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        event.stopPropagation();
        actions.resizeColumn(view.id, view.width + (event.key === 'ArrowRight' ? RESIZE_STEP : -RESIZE_STEP));
      }}
    />
  );
}
