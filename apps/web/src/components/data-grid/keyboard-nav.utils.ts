// The focused cell: row -1 is the header row; col counts the visible columns in display order.
export type FocusedCell = { row: number; col: number };

export type GridBounds = { rowCount: number; colCount: number; pageRows: number };

export const HEADER_ROW = -1;

const NAVIGATION_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

export function isNavigationKey(key: string): boolean {
  return NAVIGATION_KEYS.has(key);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

// Where a navigation key moves the focus (WAI-ARIA grid pattern); Ctrl+Home/End jump to the first
// and last row. Returns the same cell when the key leads nowhere.
export function moveFocus(
  current: FocusedCell,
  key: string,
  isCtrl: boolean,
  bounds: GridBounds,
): FocusedCell {
  const lastRow = bounds.rowCount - 1;
  const lastCol = Math.max(bounds.colCount - 1, 0);
  const row = clamp(current.row, HEADER_ROW, lastRow);
  const col = clamp(current.col, 0, lastCol);
  const page = Math.max(bounds.pageRows, 1);
  switch (key) {
    case 'ArrowUp':
      return { row: Math.max(row - 1, HEADER_ROW), col };
    case 'ArrowDown':
      return { row: Math.min(row + 1, lastRow), col };
    case 'ArrowLeft':
      return { row, col: Math.max(col - 1, 0) };
    case 'ArrowRight':
      return { row, col: Math.min(col + 1, lastCol) };
    case 'Home':
      return { row: isCtrl ? Math.min(0, lastRow) : row, col: 0 };
    case 'End':
      return { row: isCtrl ? lastRow : row, col: lastCol };
    case 'PageUp':
      return { row: row === HEADER_ROW ? row : Math.max(row - page, 0), col };
    case 'PageDown':
      return { row: Math.min(Math.max(row, 0) + (row === HEADER_ROW ? 0 : page), lastRow), col };
    default:
      return { row, col };
  }
}
