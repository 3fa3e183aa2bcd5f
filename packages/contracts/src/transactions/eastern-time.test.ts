import { describe, expect, it } from 'vitest';
import {
  easternCalendarDateOf,
  easternDaylightSavingEndUtcMs,
  easternDaylightSavingStartUtcMs,
  easternUtcOffsetHoursAt,
  isSameEasternCalendarDay,
} from './eastern-time';

const at = (iso: string) => new Date(iso);

describe('US daylight saving switch instants (second Sunday of March, first Sunday of November)', () => {
  it.each([
    [2024, '2024-03-10T07:00:00.000Z', '2024-11-03T06:00:00.000Z'],
    [2025, '2025-03-09T07:00:00.000Z', '2025-11-02T06:00:00.000Z'],
    [2026, '2026-03-08T07:00:00.000Z', '2026-11-01T06:00:00.000Z'],
    // March 1st and November 1st on a Sunday: the second Sunday is the 8th, the first is the 1st.
    [2015, '2015-03-08T07:00:00.000Z', '2015-11-01T06:00:00.000Z'],
    [2020, '2020-03-08T07:00:00.000Z', '2020-11-01T06:00:00.000Z'],
    [2027, '2027-03-14T07:00:00.000Z', '2027-11-07T06:00:00.000Z'],
  ])('%i: starts %s (02:00 EST), ends %s (02:00 EDT)', (year, start, end) => {
    expect(new Date(easternDaylightSavingStartUtcMs(year)).toISOString()).toBe(start);
    expect(new Date(easternDaylightSavingEndUtcMs(year)).toISOString()).toBe(end);
  });
});

describe('easternUtcOffsetHoursAt: the fixed minus 4 or minus 5 hours', () => {
  it.each([
    ['2025-01-15T12:00:00.000Z', -5],
    ['2025-07-04T12:00:00.000Z', -4],
    ['2025-03-09T06:59:59.999Z', -5],
    ['2025-03-09T07:00:00.000Z', -4],
    ['2025-11-02T05:59:59.999Z', -4],
    ['2025-11-02T06:00:00.000Z', -5],
    ['2025-12-31T23:59:59.999Z', -5],
  ])('%s is %i', (iso, offset) => {
    expect(easternUtcOffsetHoursAt(at(iso))).toBe(offset);
  });
});

describe('easternCalendarDateOf', () => {
  it.each([
    // Midnight Eastern in winter is 05:00 UTC, in summer 04:00 UTC.
    ['2025-01-15T04:59:59.999Z', '2025-01-14'],
    ['2025-01-15T05:00:00.000Z', '2025-01-15'],
    ['2025-07-15T03:59:59.999Z', '2025-07-14'],
    ['2025-07-15T04:00:00.000Z', '2025-07-15'],
    // New Year: the UTC date is already the next year.
    ['2026-01-01T04:30:00.000Z', '2025-12-31'],
    // Spring forward: 01:59 EST, then 03:00 EDT on March 9 2025.
    ['2025-03-09T06:59:00.000Z', '2025-03-09'],
    ['2025-03-09T07:00:00.000Z', '2025-03-09'],
    ['2025-03-10T03:59:59.999Z', '2025-03-09'],
    ['2025-03-10T04:00:00.000Z', '2025-03-10'],
    // Fall back: 01:30 happens twice on November 2 2025 (05:30Z EDT and 06:30Z EST).
    ['2025-11-02T03:59:59.999Z', '2025-11-01'],
    ['2025-11-02T04:00:00.000Z', '2025-11-02'],
    ['2025-11-02T05:30:00.000Z', '2025-11-02'],
    ['2025-11-02T06:30:00.000Z', '2025-11-02'],
    ['2025-11-03T04:59:59.999Z', '2025-11-02'],
    ['2025-11-03T05:00:00.000Z', '2025-11-03'],
  ])('%s is %s in Eastern time', (iso, date) => {
    expect(easternCalendarDateOf(at(iso))).toBe(date);
  });

  it('agrees with the America/New_York zone around every switch from 2007 to 2040 and hourly in 2025', () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const instants: number[] = [];
    for (let year = 2007; year <= 2040; year += 1) {
      for (const switchMs of [easternDaylightSavingStartUtcMs(year), easternDaylightSavingEndUtcMs(year)]) {
        // Two days either side, every 30 minutes: the switch hour and the local midnights around it.
        for (let ms = switchMs - 2 * 86_400_000; ms <= switchMs + 2 * 86_400_000; ms += 1_800_000)
          instants.push(ms);
      }
    }
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 3_600_000) instants.push(ms);
    const disagreements = instants
      .map((ms) => new Date(ms))
      .filter((instant) => easternCalendarDateOf(instant) !== zone.format(instant))
      .map((instant) => instant.toISOString());
    expect(disagreements).toEqual([]);
  });
});

describe('isSameEasternCalendarDay', () => {
  it('is true from Eastern midnight to the last millisecond before the next one', () => {
    expect(isSameEasternCalendarDay(at('2025-01-15T05:00:00.000Z'), at('2025-01-16T04:59:59.999Z'))).toBe(
      true,
    );
  });

  it('is false across Eastern midnight even within the same UTC day', () => {
    expect(isSameEasternCalendarDay(at('2025-07-15T03:59:59.999Z'), at('2025-07-15T04:00:00.000Z'))).toBe(
      false,
    );
  });

  it('is true across UTC midnight within one Eastern day', () => {
    expect(isSameEasternCalendarDay(at('2025-07-15T23:00:00.000Z'), at('2025-07-16T01:00:00.000Z'))).toBe(
      true,
    );
  });
});
