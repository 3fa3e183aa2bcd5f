import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeTiming,
  nextRunAfter,
  periodOfRun,
  reportScheduleBody,
  type ScheduleTiming,
  scheduleTimingSchema,
} from './report-schedules';

const timing = (overrides: Partial<ScheduleTiming>): ScheduleTiming =>
  scheduleTimingSchema.parse({
    frequency: 'daily',
    time: '08:00',
    time_zone: 'America/New_York',
    ...overrides,
  });

const wallClock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'long',
  }).format(instant);

describe('nextRunAfter', () => {
  it('runs daily at the time of the zone, the next day once today’s time has passed', () => {
    const daily = timing({});
    // 07:59 in New York (EST, UTC-5).
    expect(nextRunAfter(daily, Date.parse('2026-12-04T12:59:00Z')).toISOString()).toBe(
      '2026-12-04T13:00:00.000Z',
    );
    expect(nextRunAfter(daily, Date.parse('2026-12-04T13:00:00Z')).toISOString()).toBe(
      '2026-12-05T13:00:00.000Z',
    );
  });

  it('keeps the wall-clock time across a change of summer time', () => {
    const daily = timing({});
    // New York moves to EDT (UTC-4) on 2027-03-14.
    expect(nextRunAfter(daily, Date.parse('2027-03-13T13:00:00Z')).toISOString()).toBe(
      '2027-03-14T12:00:00.000Z',
    );
    // A time the clocks skip runs just after the change.
    const skipped = timing({ time: '02:30' });
    expect(nextRunAfter(skipped, Date.parse('2027-03-14T05:00:00Z')).toISOString()).toBe(
      '2027-03-14T07:30:00.000Z',
    );
  });

  it('runs weekly on its weekday and monthly on its day', () => {
    const weekly = timing({ frequency: 'weekly', weekday: 1, time: '06:15', time_zone: 'Europe/Berlin' });
    // Friday 2026-12-04; the next Monday is 2026-12-07.
    expect(nextRunAfter(weekly, Date.parse('2026-12-04T10:00:00Z')).toISOString()).toBe(
      '2026-12-07T05:15:00.000Z',
    );
    const monthly = timing({ frequency: 'monthly', month_day: 1, time: '00:00', time_zone: 'UTC' });
    expect(nextRunAfter(monthly, Date.parse('2026-12-04T10:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('answers the first run after any instant, at the schedule’s wall clock, with none between', () => {
    const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
    const arbitraryTiming = fc.record({
      frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
      hour: fc.integer({ min: 0, max: 23 }),
      quarter: fc.constantFrom('00', '15', '30', '45'),
      weekday: fc.integer({ min: 1, max: 7 }),
      month_day: fc.integer({ min: 1, max: 28 }),
      time_zone: fc.constantFrom(...zones),
    });
    fc.assert(
      fc.property(
        arbitraryTiming,
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2029-01-01T00:00:00Z') }),
        (raw, afterMs) => {
          const schedule = timing({
            frequency: raw.frequency,
            time: `${String(raw.hour).padStart(2, '0')}:${raw.quarter}`,
            weekday: raw.weekday,
            month_day: raw.month_day,
            time_zone: raw.time_zone,
          });
          const next = nextRunAfter(schedule, afterMs);
          expect(next.getTime()).toBeGreaterThan(afterMs);
          // None is skipped: the run after the instant just before it is itself.
          expect(nextRunAfter(schedule, next.getTime() - 1).getTime()).toBe(next.getTime());
          const wall = wallClock(next, raw.time_zone);
          if (raw.frequency === 'weekly') {
            expect(wall.split(',')[0]).toBe(
              ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][raw.weekday - 1],
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('periodOfRun', () => {
  it('covers the day, the seven days or the calendar month before the run, in the zone', () => {
    const runAt = Date.parse('2026-12-01T13:00:00Z');
    expect(periodOfRun('daily', runAt, 'America/New_York')).toMatchObject({
      from: '2026-11-30',
      to: '2026-11-30',
    });
    expect(periodOfRun('weekly', runAt, 'America/New_York')).toMatchObject({
      from: '2026-11-24',
      to: '2026-11-30',
    });
    const monthly = periodOfRun('monthly', runAt, 'America/New_York');
    expect(monthly).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    // Midnight to midnight of New York (EDT until 2026-11-01 02:00, then EST).
    expect(new Date(monthly.startMs).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(new Date(monthly.endMs).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('names a run early on the first of a month for the month before, across a year', () => {
    expect(periodOfRun('monthly', Date.parse('2027-01-01T05:15:00Z'), 'America/New_York')).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
});

describe('the schedule body', () => {
  const body = {
    layout_name: 'Daily settlements',
    export: { format: 'csv', params: {}, columns: ['created_at'], time_zone: 'America/New_York' },
    timing: { frequency: 'weekly', time: '08:00', time_zone: 'America/New_York' },
    delivery: 'file',
    recipient_ids: ['9b2f3c1e-2f4a-4c6b-8d1e-1a2b3c4d5e6f'],
  };

  it('asks the weekday of a weekly schedule and a quarter-hour time', () => {
    const refused = reportScheduleBody.safeParse(body);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Choose the day of the week');
    const offQuarter = reportScheduleBody.safeParse({
      ...body,
      timing: { ...body.timing, weekday: 2, time: '08:10' },
    });
    expect(offQuarter.error?.issues[0]?.message).toBe('Choose a time on the quarter hour (08:00, 08:15, …)');
    expect(reportScheduleBody.safeParse({ ...body, timing: { ...body.timing, weekday: 2 } }).success).toBe(
      true,
    );
    const unknownZone = reportScheduleBody.safeParse({
      ...body,
      timing: { ...body.timing, weekday: 2, time_zone: 'Mars/Olympus' },
    });
    expect(unknownZone.error?.issues[0]?.message).toBe(
      'Time zone must be an IANA zone name (America/New_York)',
    );
  });

  it('describes its timing in words', () => {
    expect(describeTiming(timing({ frequency: 'weekly', weekday: 1 }))).toBe(
      'Weekly on Monday at 08:00 (America/New_York)',
    );
    expect(describeTiming(timing({ frequency: 'monthly', month_day: 15 }))).toBe(
      'Monthly on day 15 at 08:00 (America/New_York)',
    );
  });
});
