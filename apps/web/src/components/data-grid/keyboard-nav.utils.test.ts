import { describe, expect, it } from 'vitest';
import { HEADER_ROW, moveFocus } from './keyboard-nav.utils';

const bounds = { rowCount: 100, colCount: 5, pageRows: 20 };

describe('moveFocus', () => {
  it('moves by arrows and stops at the edges, the header above the first row', () => {
    expect(moveFocus({ row: 3, col: 2 }, 'ArrowDown', false, bounds)).toEqual({ row: 4, col: 2 });
    expect(moveFocus({ row: 0, col: 2 }, 'ArrowUp', false, bounds)).toEqual({ row: HEADER_ROW, col: 2 });
    expect(moveFocus({ row: HEADER_ROW, col: 2 }, 'ArrowUp', false, bounds)).toEqual({
      row: HEADER_ROW,
      col: 2,
    });
    expect(moveFocus({ row: 99, col: 4 }, 'ArrowDown', false, bounds)).toEqual({ row: 99, col: 4 });
    expect(moveFocus({ row: 1, col: 4 }, 'ArrowRight', false, bounds)).toEqual({ row: 1, col: 4 });
    expect(moveFocus({ row: 1, col: 0 }, 'ArrowLeft', false, bounds)).toEqual({ row: 1, col: 0 });
  });

  it('jumps with Home, End, Ctrl+Home, Ctrl+End, PageUp and PageDown', () => {
    expect(moveFocus({ row: 7, col: 3 }, 'Home', false, bounds)).toEqual({ row: 7, col: 0 });
    expect(moveFocus({ row: 7, col: 1 }, 'End', false, bounds)).toEqual({ row: 7, col: 4 });
    expect(moveFocus({ row: 7, col: 3 }, 'Home', true, bounds)).toEqual({ row: 0, col: 0 });
    expect(moveFocus({ row: 7, col: 1 }, 'End', true, bounds)).toEqual({ row: 99, col: 4 });
    expect(moveFocus({ row: 7, col: 1 }, 'PageDown', false, bounds)).toEqual({ row: 27, col: 1 });
    expect(moveFocus({ row: 90, col: 1 }, 'PageDown', false, bounds)).toEqual({ row: 99, col: 1 });
    expect(moveFocus({ row: 7, col: 1 }, 'PageUp', false, bounds)).toEqual({ row: 0, col: 1 });
    expect(moveFocus({ row: HEADER_ROW, col: 1 }, 'PageDown', false, bounds)).toEqual({ row: 0, col: 1 });
  });

  it('keeps a focus left beyond shrunken bounds inside them', () => {
    expect(moveFocus({ row: 500, col: 9 }, 'ArrowLeft', false, bounds)).toEqual({ row: 99, col: 3 });
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowDown', false, { ...bounds, rowCount: 0 })).toEqual({
      row: HEADER_ROW,
      col: 0,
    });
  });
});
