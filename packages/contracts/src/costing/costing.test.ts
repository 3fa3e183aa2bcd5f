import { describe, expect, it } from 'vitest';
import {
  CostingText,
  costingFileName,
  costingInstantsOf,
  costingQuery,
  costingWindowDays,
  defaultCostingWindow,
} from './costing';

describe('costing window', () => {
  it('defaults to the last 90 days: from 90 days ago to today', () => {
    const window = defaultCostingWindow('2025-06-15');
    expect(window).toEqual({ start: '2025-03-17', end: '2025-06-15' });
    expect(costingWindowDays(window)).toBe(91);
  });

  it('covers whole UTC days', () => {
    expect(costingInstantsOf({ start: '2025-06-01', end: '2025-06-15' })).toEqual({
      startAt: new Date('2025-06-01T00:00:00.000Z'),
      endAt: new Date('2025-06-16T00:00:00.000Z'),
    });
  });

  it('takes start and end together, in order, at most 366 days', () => {
    expect(costingQuery.parse({})).toEqual({});
    expect(costingQuery.parse({ start: '2025-06-01', end: '2025-06-01' })).toEqual({
      start: '2025-06-01',
      end: '2025-06-01',
    });
    const messagesOf = (input: unknown) => {
      const result = costingQuery.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messagesOf({ start: '2025-06-01' })).toEqual([CostingText.StartAndEndTogether]);
    expect(messagesOf({ start: '2025-06-02', end: '2025-06-01' })).toEqual([CostingText.StartAfterEnd]);
    expect(messagesOf({ start: '2024-06-01', end: '2025-06-01' })).toEqual([]);
    expect(messagesOf({ start: '2024-05-31', end: '2025-06-01' })).toEqual([CostingText.WindowTooLong]);
    expect(messagesOf({ start: '2025-02-30', end: '2025-06-01' }).length).toBeGreaterThan(0);
  });

  it('exports as Costing.xlsx', () => {
    expect(costingFileName).toBe('Costing.xlsx');
  });
});
