import { describe, expect, it } from 'vitest';
import { extractRows, parseRecordRow } from './extract-rows.utils';

describe('extractRows', () => {
  const rows = [{ id: 1 }, { id: 2 }];

  it('reads rows from message, data, items or a plain array', () => {
    expect(extractRows(rows)).toBe(rows);
    expect(extractRows({ status: true, message: rows })).toBe(rows);
    expect(extractRows({ data: rows })).toBe(rows);
    expect(extractRows({ items: rows, total: 2 })).toBe(rows);
  });

  it('reads data or items inside an object message', () => {
    expect(extractRows({ message: { data: rows } })).toBe(rows);
    expect(extractRows({ message: { items: rows } })).toBe(rows);
  });

  it('answers no rows for anything else', () => {
    expect(extractRows(null)).toEqual([]);
    expect(extractRows('rows')).toEqual([]);
    expect(extractRows({ message: 'ok' })).toEqual([]);
    expect(extractRows({ data: { id: 1 } })).toEqual([]);
  });

  it('keeps plain objects as rows and drops the rest', () => {
    expect(parseRecordRow({ a: 1 })).toEqual({ a: 1 });
    expect(parseRecordRow([1, 2])).toBeUndefined();
    expect(parseRecordRow(null)).toBeUndefined();
  });
});
