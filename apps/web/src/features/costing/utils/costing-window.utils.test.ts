import { CostingText } from '@portico/contracts/costing/costing';
import { describe, expect, it } from 'vitest';
import { costingWindowProblem, initialCostingWindow, todayInTimeZone } from './costing-window.utils';

describe('costing window', () => {
  const lateEvening = new Date('2025-06-16T02:30:00.000Z');

  it('takes today in the user timezone', () => {
    expect(todayInTimeZone('America/New_York', lateEvening)).toBe('2025-06-15');
    expect(todayInTimeZone('UTC', lateEvening)).toBe('2025-06-16');
    expect(todayInTimeZone('Not/AZone', lateEvening)).toBe('2025-06-16');
  });

  it('opens on the last 90 days: from 90 days ago to today', () => {
    expect(initialCostingWindow('America/New_York', lateEvening)).toEqual({
      start: '2025-03-17',
      end: '2025-06-15',
    });
  });

  it('says why dates cannot be sent', () => {
    expect(costingWindowProblem({ start: '2025-03-18', end: '2025-06-15' })).toBeNull();
    expect(costingWindowProblem({ start: '', end: '2025-06-15' })).toBe('Choose a From and a To date');
    expect(costingWindowProblem({ start: '2025-06-16', end: '2025-06-15' })).toBe(CostingText.StartAfterEnd);
    expect(costingWindowProblem({ start: '2024-01-01', end: '2025-06-15' })).toBe(CostingText.WindowTooLong);
  });
});
