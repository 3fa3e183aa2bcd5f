import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createZonedDateFormatter,
  isValidTimeZone,
  timeZoneOffsetMs,
  toEpochMs,
  zonedDayRange,
  zonedDayStartMs,
} from './zoned-time';

const HOUR = 3_600_000;

describe('zoned time', () => {
  it('reads the offset of a timezone, across daylight saving time', () => {
    expect(timeZoneOffsetMs('America/New_York', Date.parse('2024-01-15T12:00:00Z'))).toBe(-5 * HOUR);
    expect(timeZoneOffsetMs('America/New_York', Date.parse('2024-07-15T12:00:00Z'))).toBe(-4 * HOUR);
    expect(timeZoneOffsetMs('Asia/Kathmandu', Date.parse('2024-07-15T12:07:00Z'))).toBe(5.75 * HOUR);
    expect(timeZoneOffsetMs('UTC', Date.parse('2024-07-15T12:00:00Z'))).toBe(0);
  });

  it('switches offset exactly at the transition instant', () => {
    // US DST began 2024-03-10 at 07:00 UTC (02:00 EST).
    const change = Date.parse('2024-03-10T07:00:00Z');
    expect(timeZoneOffsetMs('America/New_York', change - 1)).toBe(-5 * HOUR);
    expect(timeZoneOffsetMs('America/New_York', change)).toBe(-4 * HOUR);
  });

  it('formats instants in the user timezone with the column pattern', () => {
    const instant = Date.parse('2024-03-01T03:04:05Z');
    expect(createZonedDateFormatter('America/New_York', 'yyyy-mm-dd hh:mm:ss')(instant)).toBe(
      '2024-02-29 22:04:05',
    );
    expect(createZonedDateFormatter('America/New_York', 'yyyy-mm-dd')(instant)).toBe('2024-02-29');
    expect(createZonedDateFormatter('Europe/Paris', 'mm/dd/yyyy hh:mm:ss')(instant)).toBe(
      '03/01/2024 04:04:05',
    );
    expect(createZonedDateFormatter('UTC', 'yyyy-mm-dd hh:mm')(instant)).toBe('2024-03-01 03:04');
    expect(createZonedDateFormatter('UTC', 'mm/dd/yyyy')(instant)).toBe('03/01/2024');
  });

  it('formats every instant as Intl reads its wall clock, whatever order the instants come in', () => {
    const zones = ['America/New_York', 'Europe/Paris', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'];
    const intlOf = (timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    // Around the 2024 DST changes, in and out of order: the formatter keeps its last quarter hour
    // and day, which must never leak into the next instant's text.
    const instant = fc.integer({
      min: Date.parse('2024-03-09T00:00:00Z'),
      max: Date.parse('2024-11-04T00:00:00Z'),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.array(instant, { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        (zone, instants, sorted) => {
          const format = createZonedDateFormatter(zone, 'yyyy-mm-dd hh:mm:ss');
          const usFormat = createZonedDateFormatter(zone, 'mm/dd/yyyy hh:mm:ss');
          const intl = intlOf(zone);
          for (const ms of sorted ? [...instants].sort((a, b) => a - b) : instants) {
            const expected = intl.format(ms).replace(', ', ' ');
            expect(format(ms)).toBe(expected);
            const [day, clock] = expected.split(' ');
            const [yyyy, mm, dd] = (day ?? '').split('-');
            expect(usFormat(ms)).toBe(`${mm}/${dd}/${yyyy} ${clock}`);
          }
        },
      ),
    );
  });

  it('finds where a calendar day starts in a timezone, DST days included', () => {
    expect(zonedDayStartMs('2024-01-15', 'America/New_York')).toBe(Date.parse('2024-01-15T05:00:00Z'));
    expect(zonedDayStartMs('2024-03-10', 'America/New_York')).toBe(Date.parse('2024-03-10T05:00:00Z'));
    expect(zonedDayStartMs('2024-03-11', 'America/New_York')).toBe(Date.parse('2024-03-11T04:00:00Z'));
    expect(zonedDayStartMs('2024-02-30', 'UTC')).toBeUndefined();
    expect(zonedDayStartMs('15/01/2024', 'UTC')).toBeUndefined();
  });

  it('turns an inclusive day range into a half-open instant range', () => {
    const range = zonedDayRange('2024-03-09', '2024-03-10', 'America/New_York');
    expect(range.startMs).toBe(Date.parse('2024-03-09T05:00:00Z'));
    // The 10th is 23 hours long there: the range ends at the 11th's midnight, EDT.
    expect(range.endMs).toBe(Date.parse('2024-03-11T04:00:00Z'));
    expect(zonedDayRange(null, undefined, 'UTC')).toEqual({
      startMs: Number.NEGATIVE_INFINITY,
      endMs: Number.POSITIVE_INFINITY,
    });
  });

  it('reads wire values: ISO instants, zone-less times as UTC, date-only as local days', () => {
    expect(toEpochMs('2024-05-01T10:00:00Z', 'America/New_York')).toBe(Date.parse('2024-05-01T10:00:00Z'));
    expect(toEpochMs('2024-05-01 10:00:00', 'America/New_York')).toBe(Date.parse('2024-05-01T10:00:00Z'));
    expect(toEpochMs('2024-05-01', 'America/New_York')).toBe(Date.parse('2024-05-01T04:00:00Z'));
    expect(toEpochMs(1_700_000_000_000, 'UTC')).toBe(1_700_000_000_000);
    expect(toEpochMs(new Date('2024-05-01T00:00:00Z'), 'UTC')).toBe(Date.parse('2024-05-01T00:00:00Z'));
    expect(toEpochMs('not a date', 'UTC')).toBeUndefined();
    expect(toEpochMs(null, 'UTC')).toBeUndefined();
  });

  it('tells a real IANA zone from a typo', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
