import { describe, expect, it } from 'vitest';
import { jobPeriodText, jobResultText } from './job-runs-columns.utils';

describe('job runs in words', () => {
  it('names the period, and a run started by hand as such', () => {
    expect(jobPeriodText({ name: 'statements.post', runKey: '2026-10' })).toBe('2026-10');
    expect(jobPeriodText({ name: 'payouts.post', runKey: '2026-11-26' })).toBe('2026-11-26');
    expect(jobPeriodText({ name: 'housekeeping', runKey: 'now:2026-11-26T01:00:00.000Z:1a2b3c4d' })).toBe(
      'Run by hand',
    );
    // An export file's run: its export and attempt, never the export's id.
    expect(jobPeriodText({ name: 'exports.run', runKey: 'b2ecbd66-07a9-4f20-b2e1-8cd2c9b94377:2' })).toBe(
      'One export, attempt 2',
    );
  });

  it('reads a result with words for its keys and codes', () => {
    expect(jobResultText({ posted: 3, month: '2026-10' })).toBe('Posted 3, Month 2026-10');
    expect(jobResultText({ payouts_held: 2, reason: 'settlement_paused' })).toBe(
      'Payouts held 2, Reason settlement paused',
    );
    expect(jobResultText(null)).toBe('');
  });
});
