import { describe, expect, it } from 'vitest';
import { addDays, isIsoDay, zonedDayOf, zonedDayStartIso } from '../../../lib/time-zone/zoned-days';
import { defaultClassicReportRange, reportWindowInstants } from './report-dates.utils';
import { buildReportQuery, loadAllQueryOf } from './report-query.utils';

describe('report dates', () => {
  it('reads the calendar day on the wall clock of the user', () => {
    const instant = new Date('2026-03-10T03:30:00.000Z');
    expect(zonedDayOf(instant, 'UTC')).toBe('2026-03-10');
    expect(zonedDayOf(instant, 'America/New_York')).toBe('2026-03-09');
    expect(zonedDayOf(instant, 'Asia/Tokyo')).toBe('2026-03-10');
  });

  it('starts a day at local midnight, across daylight saving changes', () => {
    expect(zonedDayStartIso('2026-07-01', 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    expect(zonedDayStartIso('2026-01-15', 'America/New_York')).toBe('2026-01-15T05:00:00.000Z');
    // US daylight saving starts on 8 March 2026 at 02:00; midnight is still EST.
    expect(zonedDayStartIso('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(zonedDayStartIso('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(zonedDayStartIso('2026-05-05', 'Asia/Kolkata')).toBe('2026-05-04T18:30:00.000Z');
  });

  it('covers From to the end of To (end_at is the start of the next day)', () => {
    expect(reportWindowInstants({ from: '2026-11-01', to: '2026-11-07' }, 'America/Chicago')).toEqual({
      start_at: '2026-11-01T05:00:00.000Z',
      end_at: '2026-11-08T06:00:00.000Z',
    });
  });

  it('defaults to the last 7 days, ending today in the user timezone', () => {
    const now = new Date('2026-11-22T02:00:00.000Z');
    expect(defaultClassicReportRange(now, 'America/Los_Angeles')).toEqual({
      from: '2026-11-14',
      to: '2026-11-21',
    });
    expect(defaultClassicReportRange(now, 'UTC')).toEqual({ from: '2026-11-15', to: '2026-11-22' });
  });

  it('adds days over month ends and tells real days from others', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('')).toBe(false);
  });
});

describe('buildReportQuery', () => {
  const base = {
    range: { from: '2026-11-15', to: '2026-11-22' },
    timeZone: 'UTC',
    pageNumber: 1,
    pageSize: 250,
    search: null,
  };

  it('sends the days, their UTC instants, a zero-based page and the size', () => {
    expect(buildReportQuery({ ...base, pageNumber: 3, pageSize: 50 })).toEqual({
      isValid: true,
      query: {
        start: '2026-11-15',
        end: '2026-11-22',
        start_at: '2026-11-15T00:00:00.000Z',
        end_at: '2026-11-23T00:00:00.000Z',
        page: '2',
        size: '50',
      },
    });
  });

  it('resets a page size of zero or less to 250', () => {
    const check = buildReportQuery({ ...base, pageSize: 0 });
    expect(check.isValid && check.query.size).toBe('250');
    const negative = buildReportQuery({ ...base, pageSize: -5 });
    expect(negative.isValid && negative.query.size).toBe('250');
  });

  it('adds search=field=value only when both are filled', () => {
    const withTerm = buildReportQuery({ ...base, search: { field: 'Patient Number', value: ' 1042 ' } });
    expect(withTerm.isValid && withTerm.query.search).toBe('Patient Number=1042');
    const blank = buildReportQuery({ ...base, search: { field: 'Patient Number', value: '  ' } });
    expect(blank.isValid && 'search' in blank.query).toBe(false);
  });

  it('refuses a start after the end with the contracts text', () => {
    expect(buildReportQuery({ ...base, range: { from: '2026-11-23', to: '2026-11-22' } })).toEqual({
      isValid: false,
      message: 'Start date must be on or before end date',
    });
  });

  it('refuses a missing date', () => {
    expect(buildReportQuery({ ...base, range: { from: '', to: '2026-11-22' } }).isValid).toBe(false);
  });

  it('asks Load All for every row of the same window', () => {
    const check = buildReportQuery({ ...base, search: { field: 'email', value: 'a@b.example' } });
    if (!check.isValid) throw new Error('expected a valid query');
    expect(loadAllQueryOf(check.query)).toEqual({
      start: '2026-11-15',
      end: '2026-11-22',
      start_at: '2026-11-15T00:00:00.000Z',
      end_at: '2026-11-23T00:00:00.000Z',
      search: 'email=a@b.example',
      is_portal_request: 'true',
    });
  });
});
