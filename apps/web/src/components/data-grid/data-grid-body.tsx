// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid positions its rows absolutely, which table elements cannot do; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: focus stays on the grid element; cells are its aria-activedescendant (WAI-ARIA grid pattern)
// biome-ignore-all lint/a11y/noStaticElementInteractions: row clicks are delegated to the canvas; the grid element handles the keyboard
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the grid element's keydown handler covers every click action (Enter, Space)
import type { Row as TableRow } from '@tanstack/react-table';
import { type KeyboardEvent, type MouseEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { columnGroupSpans } from './column-groups.utils';
import type { ColumnLayout } from './column-views';
import styles from './data-grid.module.css';
import { DataGridGroupHeaderRow, DataGridHeaderRow, HEADER_HEIGHT, headerDomId } from './data-grid-header';
import { cellDomId, DataGridRow, ROW_HEIGHT } from './data-grid-row';
import { type FocusedCell, HEADER_ROW, isNavigationKey, moveFocus } from './keyboard-nav.utils';
import { assignRowSlots } from './row-slots.utils';
import type { GridActions } from './use-grid-actions';
import { FALLBACK_RECT, useGridVirtualizers } from './use-grid-virtualizers';

type DataGridBodyProps<Row> = {
  rows: TableRow<Row>[];
  // Rows on the pages before this one (aria-rowindex counts from the first page and the header rows).
  rowOffset: number;
  totalRowCount: number;
  layout: ColumnLayout<Row>;
  sorting: readonly { id: string; desc: boolean }[];
  actions: GridActions;
  selectedRowId: string | null;
  // Space: select. Click: select and report the click. Enter or double-click: report the activation.
  onSelectRow: (row: TableRow<Row>, isClick: boolean) => void;
  onActivateRow: (row: TableRow<Row>) => void;
  gridId: string;
  ariaLabel: string;
};

export function DataGridBody<Row>({
  rows,
  rowOffset,
  totalRowCount,
  layout,
  sorting,
  actions,
  selectedRowId,
  onSelectRow,
  onActivateRow,
  gridId,
  ariaLabel,
}: DataGridBodyProps<Row>) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<FocusedCell | null>(null);
  const [hasFocus, setHasFocus] = useState(false);
  // Column groups add a header row above the titles; data rows only move down by its height.
  const groupSpans = useMemo(() => columnGroupSpans(layout), [layout]);
  const headerRowCount = groupSpans === null ? 1 : 2;
  const headerHeight = headerRowCount * HEADER_HEIGHT;
  const { rowVirtualizer, columnVirtualizer, virtualRows, virtualColumns, padLeft, padRight } =
    useGridVirtualizers({
      scrollerRef,
      rowCount: rows.length,
      layout,
      headerHeight,
    });

  // Rows keep their DOM while in view; rows scrolling in reuse the nodes of rows that left. They are
  // drawn in slot order: moving a node would restyle its whole subtree (aria-rowindex gives the order).
  const slotsRef = useRef<ReadonlyMap<number, number>>(new Map());
  const slots = assignRowSlots(
    slotsRef.current,
    virtualRows.map((item) => item.index),
  );
  useLayoutEffect(() => {
    slotsRef.current = slots;
  });
  const slotOf = (index: number) => slots.get(index) ?? 0;
  const drawnRows = [...virtualRows].sort((a, b) => slotOf(a.index) - slotOf(b.index));

  // The benchmark and tests read how many rows are on screen from the grid's root.
  // (The root's ref is not attached yet when this first runs, so it is found from the scroller.)
  useLayoutEffect(() => {
    const root = scrollerRef.current?.closest<HTMLElement>('[data-grid-root]');
    if (!root) return;
    root.dataset.renderedRows = String(virtualRows.length);
    if (virtualRows.length > 0 && root.dataset.firstRowsAt === undefined) {
      root.dataset.firstRowsAt = String(Math.round(performance.now()));
      performance.mark?.('data-grid:first-rows');
    }
  }, [virtualRows.length]);

  const colCount = layout.all.length;
  const current: FocusedCell | null = focused && {
    row: Math.min(focused.row, rows.length - 1),
    col: Math.min(focused.col, colCount - 1),
  };

  const scrollIntoView = (cell: FocusedCell) => {
    if (cell.row >= 0) rowVirtualizer.scrollToIndex(cell.row, { align: 'auto' });
    const view = layout.all[cell.col];
    if (view && view.pin === null)
      columnVirtualizer.scrollToIndex(view.index - layout.left.length, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in the header's menus and handles belong to them.
    if (event.target !== event.currentTarget || colCount === 0) return;
    const cell = current ?? { row: rows.length > 0 ? 0 : HEADER_ROW, col: 0 };
    if (isNavigationKey(event.key)) {
      event.preventDefault();
      const height = scrollerRef.current?.clientHeight || FALLBACK_RECT.height;
      const pageRows = Math.max(Math.floor((height - headerHeight) / ROW_HEIGHT), 1);
      const next = moveFocus(cell, event.key, event.ctrlKey || event.metaKey, {
        rowCount: rows.length,
        colCount,
        pageRows,
      });
      scrollIntoView(next);
      setFocused(next);
      return;
    }
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    if (cell.row === HEADER_ROW) {
      const view = layout.all[cell.col];
      if (view && view.runtime.spec.isSortable !== false) actions.toggleSort(view.id, event.shiftKey);
      return;
    }
    const row = rows[cell.row];
    if (!row) return;
    if (row.getIsGrouped()) row.toggleExpanded();
    else if (event.key === ' ') onSelectRow(row, false);
    else onActivateRow(row);
    setFocused(cell);
  };

  const hitOf = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element)) return null;
    const rowElement = event.target.closest<HTMLElement>('[data-row-index]');
    const row = rows[Number(rowElement?.dataset.rowIndex ?? -1)];
    if (!rowElement || !row) return null;
    const cellElement = event.target.closest<HTMLElement>('[data-col-index]');
    const isToggle = event.target.closest('[data-group-toggle]') !== null;
    // A button or link inside a cell does its own thing; the click is not also the row's.
    const isControl = event.target.closest('button, a, input, select, textarea, [role="button"]') !== null;
    return {
      row,
      rowIndex: Number(rowElement.dataset.rowIndex),
      col: Number(cellElement?.dataset.colIndex ?? 0),
      isToggle,
      isControl,
    };
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const hit = hitOf(event);
    if (!hit) return;
    setFocused({ row: hit.rowIndex, col: hit.col });
    scrollerRef.current?.focus({ preventScroll: true });
    if (hit.row.getIsGrouped()) {
      if (hit.isToggle) hit.row.toggleExpanded();
      return;
    }
    onSelectRow(hit.row, !hit.isControl);
  };

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const hit = hitOf(event);
    if (!hit || hit.isToggle || hit.isControl) return;
    if (hit.row.getIsGrouped()) hit.row.toggleExpanded();
    else onActivateRow(hit.row);
  };

  const focusedRow = hasFocus && current ? current.row : null;
  const activeId =
    focusedRow === null || !current
      ? undefined
      : focusedRow === HEADER_ROW
        ? headerDomId(gridId, current.col)
        : cellDomId(gridId, focusedRow, current.col);

  return (
    <div
      ref={scrollerRef}
      role="grid"
      aria-label={ariaLabel}
      aria-rowcount={totalRowCount + headerRowCount}
      aria-colcount={colCount}
      aria-activedescendant={activeId}
      aria-multiselectable={false}
      tabIndex={0}
      className={styles.scroller}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target !== event.currentTarget) return;
        setHasFocus(true);
        // A click may have placed the focus already (functional update: it sees that).
        setFocused((old) => old ?? { row: rows.length > 0 ? 0 : HEADER_ROW, col: 0 });
      }}
      onBlur={(event) => {
        if (event.target === event.currentTarget) setHasFocus(false);
      }}
    >
      <div
        className={styles.canvas}
        style={{ height: rowVirtualizer.getTotalSize(), width: layout.totalWidth }}
        onClick={onClick}
        onDoubleClick={onDoubleClick}
      >
        {groupSpans !== null && <DataGridGroupHeaderRow spans={groupSpans} totalWidth={layout.totalWidth} />}
        <DataGridHeaderRow
          ariaRowIndex={headerRowCount}
          layout={layout}
          virtualColumns={virtualColumns}
          padLeft={padLeft}
          padRight={padRight}
          sorting={sorting}
          focusedCol={focusedRow === HEADER_ROW && current ? current.col : -1}
          gridId={gridId}
          actions={actions}
        />
        {drawnRows.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <DataGridRow
              key={slotOf(item.index)}
              row={row}
              rowIndex={item.index}
              ariaRowIndex={rowOffset + item.index + headerRowCount + 1}
              top={item.start}
              layout={layout}
              virtualColumns={virtualColumns}
              padLeft={padLeft}
              padRight={padRight}
              isSelected={row.id === selectedRowId}
              isExpanded={row.getIsExpanded()}
              focusedCol={focusedRow === item.index && current ? current.col : -1}
              gridId={gridId}
            />
          );
        })}
      </div>
    </div>
  );
}
