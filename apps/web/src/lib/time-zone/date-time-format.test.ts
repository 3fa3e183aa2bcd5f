import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, instantMsOf, timeZoneAbbreviationAt } from './date-time-format';

describe('the one date-time format', () => {
  it('shows a UTC instant on the wall clock of the user zone, with its abbreviation', () => {
    expect(formatDateTime('2024-03-01T03:04:05Z', 'America/New_York')).toBe('2024-02-29 22:04:05 EST');
    expect(formatDateTime('2024-07-01T03:04:05.000Z', 'America/New_York')).toBe('2024-06-30 23:04:05 EDT');
    expect(formatDateTime('2024-07-01T03:04:05Z', 'America/Los_Angeles')).toBe('2024-06-30 20:04:05 PDT');
    expect(formatDateTime('2024-07-01T03:04:05Z', 'UTC')).toBe('2024-07-01 03:04:05 UTC');
  });

  it('names the zone on each side of a daylight saving change', () => {
    // US DST began 2024-03-10 at 07:00 UTC (02:00 EST).
    const change = Date.parse('2024-03-10T07:00:00Z');
    expect(timeZoneAbbreviationAt('America/New_York', change - 1)).toBe('EST');
    expect(timeZoneAbbreviationAt('America/New_York', change)).toBe('EDT');
    expect(formatDateTime(change - 1000, 'America/New_York')).toBe('2024-03-10 01:59:59 EST');
    expect(formatDateTime(change, 'America/New_York')).toBe('2024-03-10 03:00:00 EDT');
  });

  it('reads zone-less wire times as UTC and keeps midnight at 00', () => {
    expect(formatDateTime('2024-05-01 04:00:00', 'America/New_York')).toBe('2024-05-01 00:00:00 EDT');
    expect(instantMsOf('2024-05-01T10:00')).toBe(Date.parse('2024-05-01T10:00:00Z'));
  });

  it('writes dates as yyyy-mm-dd in the user zone, calendar days unchanged', () => {
    expect(formatDate('2024-03-01T03:04:05Z', 'America/New_York')).toBe('2024-02-29');
    expect(formatDate('2024-03-01T03:04:05Z', 'Asia/Tokyo')).toBe('2024-03-01');
    // A day is not an instant: it must not slide to the 29th west of Greenwich.
    expect(formatDate('2024-03-01', 'America/New_York')).toBe('2024-03-01');
  });

  it('writes nothing for a missing or unreadable value and falls back on an unknown zone', () => {
    expect(formatDateTime(null, 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
    expect(formatDate(undefined, 'UTC')).toBe('');
    expect(formatDateTime('2024-07-01T03:04:05Z', 'Mars/Olympus')).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \S+$/,
    );
  });
});
