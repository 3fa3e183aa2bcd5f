import { describe, expect, it } from 'vitest';
import {
  defaultStatementMonth,
  parseStatementMonth,
  statementMonthDays,
  statementMonthLabel,
  statementMonthOptions,
} from './statement-month';

describe('statement month', () => {
  const today = '2026-11-25';

  it('reads YYYY-MM and a bare MM as its latest occurrence not after today', () => {
    expect(parseStatementMonth('2026-10', today)).toEqual({ ok: true, month: '2026-10' });
    expect(parseStatementMonth('10', today)).toEqual({ ok: true, month: '2026-10' });
    expect(parseStatementMonth('12', today)).toEqual({ ok: true, month: '2025-12' });
    expect(parseStatementMonth('11', today)).toEqual({ ok: true, month: '2026-11' });
  });

  it('refuses a future or malformed month', () => {
    expect(parseStatementMonth('2026-12', today)).toEqual({ ok: false, reason: 'Future' });
    expect(parseStatementMonth('2026-13', today)).toEqual({ ok: false, reason: 'Malformed' });
    expect(parseStatementMonth('7', today)).toEqual({ ok: false, reason: 'Malformed' });
    expect(parseStatementMonth('2026-1', today)).toEqual({ ok: false, reason: 'Malformed' });
  });

  it('offers two years back to now, newest first, and defaults to the previous month', () => {
    const options = statementMonthOptions(today);
    expect(options).toHaveLength(25);
    expect(options[0]).toBe('2026-11');
    expect(options[24]).toBe('2024-11');
    expect(defaultStatementMonth('2026-01-03')).toBe('2025-12');
  });

  it('names a month and its days', () => {
    expect(statementMonthLabel('2026-02')).toBe('February 2026');
    expect(statementMonthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
  });
});
