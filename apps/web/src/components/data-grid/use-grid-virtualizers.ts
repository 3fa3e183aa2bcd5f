import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback } from 'react';
import type { ColumnLayout } from './column-views';
import { ROW_HEIGHT } from './data-grid-row';

type Rect = { width: number; height: number };
// Without layout (happy-dom, a hidden tab) the scroller measures 0×0; draw a window of this size then.
export const FALLBACK_RECT: Rect = { width: 1200, height: 640 };

function observeRectWithFallback(
  instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: Rect) => void,
) {
  return observeElementRect(instance, (rect) =>
    onRect(rect.width === 0 && rect.height === 0 ? FALLBACK_RECT : rect),
  );
}

type UseGridVirtualizersArgs<Row> = {
  scrollerRef: RefObject<HTMLDivElement | null>;
  rowCount: number;
  layout: ColumnLayout<Row>;
  // The sticky header rows' height above the first data row.
  headerHeight: number;
};

// Rows of a fixed height under the sticky header; centre columns between the pinned ones.
export function useGridVirtualizers<Row>({
  scrollerRef,
  rowCount,
  layout,
  headerHeight,
}: UseGridVirtualizersArgs<Row>) {
  const getScrollElement = useCallback(() => scrollerRef.current, [scrollerRef]);
  const centerKey = useCallback((index: number) => layout.center[index]?.id ?? index, [layout.center]);

  const rowVirtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    paddingStart: headerHeight,
    scrollPaddingStart: headerHeight,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRectWithFallback,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: layout.center.length,
    getScrollElement,
    // A new key function (new columns or widths) makes the virtualizer re-read every width.
    getItemKey: centerKey,
    estimateSize: (index) => layout.center[index]?.width ?? 0,
    overscan: 3,
    paddingStart: layout.leftWidth,
    scrollPaddingStart: layout.leftWidth,
    scrollPaddingEnd: layout.rightWidth,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRectWithFallback,
  });

  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const firstColumn = virtualColumns[0];
  const lastColumn = virtualColumns[virtualColumns.length - 1];
  // Spacers keep the drawn centre columns at their place between the pinned ones.
  const padLeft = firstColumn ? firstColumn.start - layout.leftWidth : 0;
  const padRight = lastColumn ? layout.totalWidth - layout.rightWidth - lastColumn.end : 0;
  return { rowVirtualizer, columnVirtualizer, virtualRows, virtualColumns, padLeft, padRight };
}
