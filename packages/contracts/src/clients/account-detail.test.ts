import { describe, expect, it } from 'vitest';
import { AccountText, accountEditMeta, childLimitProblems } from './account-detail';

describe('childLimitProblems', () => {
  const changedAll = new Set(['child_high_ticket', 'child_monthly_high_volume']);

  it('accepts high values at or above the averages, and missing values', () => {
    expect(
      childLimitProblems(
        {
          child_avg_ticket: '75.00',
          child_high_ticket: '75.00',
          child_monthly_volume: null,
          child_monthly_high_volume: '10.00',
        },
        changedAll,
      ),
    ).toEqual([]);
  });

  it('names the high field below its average, compared in cents', () => {
    expect(
      childLimitProblems(
        {
          child_avg_ticket: '75.01',
          child_high_ticket: '75',
          child_monthly_volume: '100.00',
          child_monthly_high_volume: '99.99',
        },
        changedAll,
      ),
    ).toEqual([
      { field: 'child_high_ticket', message: AccountText.ChildHighTicketBelowAverage },
      { field: 'child_monthly_high_volume', message: AccountText.ChildHighVolumeBelowVolume },
    ]);
  });

  it('ignores a pair the save does not touch', () => {
    const values = { child_avg_ticket: '75.00', child_high_ticket: '10.00' };
    expect(childLimitProblems(values, new Set(['name']))).toEqual([]);
    expect(childLimitProblems(values, new Set(['child_avg_ticket']))).toHaveLength(1);
  });
});

describe('the revenue share a parent hands down', () => {
  it.each(['0', '35', '100'])('accepts the whole percent %s', (value) => {
    expect(accountEditMeta.safeParse({ child_rev_share: value }).success).toBe(true);
  });

  it.each(['101', '12.5', '-1', 'ten'])('refuses %s with the whole-percent text', (value) => {
    const result = accountEditMeta.safeParse({ child_rev_share: value });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([AccountText.WholePercentInvalid]);
  });
});
