import { describe, expect, it } from 'vitest';
import { jobPeriodText, jobResultText } from './job-runs-columns.utils';

describe('job runs in words', () => {
  it('names the period, and a run started by hand as such', () => {
    expect(jobPeriodText('2026-10')).toBe('2026-10');
    expect(jobPeriodText('2026-11-26')).toBe('2026-11-26');
    expect(jobPeriodText('now:2026-11-26T01:00:00.000Z:1a2b3c4d')).toBe('Run by hand');
  });

  it('reads a result with words for its keys and codes', () => {
    expect(jobResultText({ posted: 3, month: '2026-10' })).toBe('Posted 3, Month 2026-10');
    expect(jobResultText({ payouts_held: 2, reason: 'settlement_paused' })).toBe(
      'Payouts held 2, Reason settlement paused',
    );
    expect(jobResultText(null)).toBe('');
  });
});
