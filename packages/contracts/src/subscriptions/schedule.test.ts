import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIntervals,
  anchorDayOf,
  calendarDateInZone,
  calendarDateLabel,
  chargeDateAfter,
  cyclesRemaining,
  daysInMonth,
  dunningEndReason,
  dunningRetryDate,
  firstChargeDate,
  isChargeDue,
  isCycleTooLate,
  isIsoCalendarDate,
  linkSeriesStart,
  maxChargeAttempts,
  merchantToday,
  nextChargeDate,
  type SeriesSchedule,
  type SubscriptionInterval,
  subscriptionEndDate,
  subscriptionIntervals,
} from './schedule';

const monthly = { interval: 'monthly', frequency: 1 } as const;

// Follows a series from its first charge through `count` charges.
function chargeDates(series: SeriesSchedule, count: number): string[] {
  const dates = [firstChargeDate(series.startDate, series.trialDays)];
  while (dates.length < count) dates.push(chargeDateAfter(series, dates[dates.length - 1] ?? ''));
  return dates;
}

const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const interval = fc.constantFrom<SubscriptionInterval>(...subscriptionIntervals);

describe('calendarDateInZone: "today" is the date in the merchant zone', () => {
  it('reads the date in the zone, not in UTC', () => {
    const lateEvening = new Date('2026-03-01T03:30:00Z');
    expect(calendarDateInZone(lateEvening, 'America/New_York')).toBe('2026-02-28');
    expect(calendarDateInZone(lateEvening, 'UTC')).toBe('2026-03-01');
    expect(calendarDateInZone(new Date('2026-02-28T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-01');
  });

  it("merchantToday is New York's date, the same for every user zone", () => {
    // 04:30 UTC on 10 March 2026 is 00:30 in New York (EDT) and still 9 March in Los Angeles.
    expect(merchantToday(new Date('2026-03-10T04:30:00Z'))).toBe('2026-03-10');
    expect(merchantToday(new Date('2026-03-10T03:59:59Z'))).toBe('2026-03-09');
    // 20:00 UTC is 16:00 in New York, already 11 March in Tokyo.
    expect(merchantToday(new Date('2026-03-10T20:00:00Z'))).toBe('2026-03-10');
  });

  it('is due on and after the next charge date', () => {
    expect(isChargeDue('2026-02-28', '2026-02-28')).toBe(true);
    expect(isChargeDue('2026-02-27', '2026-02-28')).toBe(true);
    expect(isChargeDue('2026-03-01', '2026-02-28')).toBe(false);
    expect(isChargeDue(null, '2026-02-28')).toBe(false);
  });
});

describe('nextChargeDate', () => {
  it('adds days, weeks, months and years times the frequency', () => {
    expect(nextChargeDate('2026-12-31', { interval: 'daily', frequency: 1 })).toBe('2027-01-01');
    expect(nextChargeDate('2026-12-28', { interval: 'weekly', frequency: 2 })).toBe('2027-01-11');
    expect(nextChargeDate('2026-11-15', { interval: 'monthly', frequency: 3 })).toBe('2027-02-15');
    expect(nextChargeDate('2026-06-01', { interval: 'yearly', frequency: 1 })).toBe('2027-06-01');
  });

  it('clamps the 31st to the last day of a shorter month', () => {
    expect(nextChargeDate('2026-01-31', monthly)).toBe('2026-02-28');
    expect(nextChargeDate('2028-01-31', monthly)).toBe('2028-02-29');
    expect(nextChargeDate('2026-03-31', monthly)).toBe('2026-04-30');
  });

  it('returns to the anchor day when the month has it', () => {
    expect(nextChargeDate('2026-02-28', monthly, 31)).toBe('2026-03-31');
    expect(nextChargeDate('2026-04-30', monthly, 31)).toBe('2026-05-31');
  });

  it('charges a 29 February yearly series on 28 February in common years and 29 in leap years', () => {
    const series = { startDate: '2024-02-29', trialDays: 0, interval: 'yearly', frequency: 1 } as const;
    expect(chargeDates(series, 5)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('follows a series on the 31st through a year of months', () => {
    const series = { startDate: '2026-01-31', trialDays: 0, ...monthly };
    expect(chargeDates(series, 6)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
  });

  it('never skips or repeats a month (property)', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 12 }),
        (from, anchor, freq) => {
          const next = nextChargeDate(from, { interval: 'monthly', frequency: freq }, anchor);
          const [fy = 0, fm = 0] = from.split('-').map(Number);
          const [ny = 0, nm = 0, nd = 0] = next.split('-').map(Number);
          expect(ny * 12 + nm - (fy * 12 + fm)).toBe(freq);
          expect(nd).toBe(Math.min(anchor, daysInMonth(ny, nm)));
        },
      ),
    );
  });

  it('is always later and a valid date (property)', () => {
    fc.assert(
      fc.property(isoDate, interval, fc.integer({ min: 1, max: 10 }), (from, every, freq) => {
        const next = nextChargeDate(from, { interval: every, frequency: freq });
        expect(isIsoCalendarDate(next)).toBe(true);
        expect(next > from).toBe(true);
      }),
    );
  });

  it('walks a series charge by charge to the same dates as counting from the first (property)', () => {
    fc.assert(
      fc.property(
        isoDate,
        interval,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 30 }),
        (start, every, freq, n) => {
          const series = { startDate: start, trialDays: 0, interval: every, frequency: freq };
          const walked = chargeDates(series, n + 1).at(-1);
          expect(walked).toBe(addIntervals(start, every, n * freq));
        },
      ),
    );
  });
});

describe('anchorDayOf', () => {
  it('keeps the first charge day while the schedule follows it', () => {
    expect(anchorDayOf('2026-01-31', '2026-02-28')).toBe(31);
    expect(anchorDayOf('2026-01-31', '2026-03-31')).toBe(31);
    expect(anchorDayOf('2026-01-30', '2026-02-28')).toBe(30);
  });

  it('takes a moved date as the new anchor', () => {
    expect(anchorDayOf('2026-01-15', '2026-05-20')).toBe(20);
    expect(chargeDateAfter({ startDate: '2026-01-15', trialDays: 0, ...monthly }, '2026-05-20')).toBe(
      '2026-06-20',
    );
  });
});

describe('trial and end date', () => {
  it('delays the first charge by the trial days', () => {
    expect(firstChargeDate('2026-01-25', 14)).toBe('2026-02-08');
    expect(firstChargeDate('2026-01-25', 0)).toBe('2026-01-25');
    const series = { startDate: '2026-01-17', trialDays: 14, ...monthly };
    expect(chargeDates(series, 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });

  it('adds cycles times the interval to the start, trial days first', () => {
    const base = {
      startDate: '2026-01-31',
      cycles: 3,
      interval: 'monthly',
      frequency: 1,
      trialDays: 0,
    } as const;
    expect(subscriptionEndDate(base)).toBe('2026-04-30');
    expect(subscriptionEndDate({ ...base, trialDays: 1 })).toBe('2026-05-01');
    expect(subscriptionEndDate({ ...base, interval: 'weekly', frequency: 2 })).toBe('2026-03-14');
    expect(subscriptionEndDate({ ...base, startDate: '2024-02-29', cycles: 1, interval: 'yearly' })).toBe(
      '2025-02-28',
    );
  });

  it('has no end without cycles', () => {
    const base = { startDate: '2026-01-31', interval: 'monthly', frequency: 1, trialDays: 0 } as const;
    expect(subscriptionEndDate({ ...base, cycles: null })).toBeNull();
    expect(subscriptionEndDate({ ...base, cycles: 0 })).toBeNull();
  });

  it('ends after the last charge (property)', () => {
    fc.assert(
      fc.property(
        isoDate,
        interval,
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        (start, every, cycles, trial) => {
          const series = { startDate: start, trialDays: trial, interval: every, frequency: 1 };
          const end = subscriptionEndDate({ ...series, cycles }) ?? '';
          expect((chargeDates(series, cycles).at(-1) ?? '') < end).toBe(true);
        },
      ),
    );
  });

  it('counts cycles remaining', () => {
    expect(cyclesRemaining(12, 3)).toBe(9);
    expect(cyclesRemaining(3, 5)).toBe(0);
    expect(cyclesRemaining(null, 5)).toBeNull();
  });
});

describe("a link's series start (a trial or a start date)", () => {
  const today = '2026-03-10';

  it('starts today and charges now without a trial or a later start', () => {
    expect(linkSeriesStart({ today, start: null, trialDays: 0 })).toEqual({
      startDate: today,
      firstCharge: today,
      isScheduled: false,
    });
    expect(linkSeriesStart({ today, start: today, trialDays: 0 }).isScheduled).toBe(false);
    // An old link's start in the past starts today.
    expect(linkSeriesStart({ today, start: '2026-01-01', trialDays: 0 }).startDate).toBe(today);
  });

  it('schedules the first charge after the trial days', () => {
    expect(linkSeriesStart({ today, start: null, trialDays: 14 })).toEqual({
      startDate: today,
      firstCharge: '2026-03-24',
      isScheduled: true,
    });
  });

  it('schedules the first charge on a later start date, plus any trial days', () => {
    expect(linkSeriesStart({ today, start: '2026-04-01', trialDays: 0 })).toEqual({
      startDate: '2026-04-01',
      firstCharge: '2026-04-01',
      isScheduled: true,
    });
    expect(linkSeriesStart({ today, start: '2026-04-01', trialDays: 5 }).firstCharge).toBe('2026-04-06');
  });

  it('ends by the end-date rule from the first charge it schedules (property)', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 24 }),
        (day, trial, cycles) => {
          const start = linkSeriesStart({ today: day, start: null, trialDays: trial });
          expect(start.isScheduled).toBe(trial > 0);
          const series = { startDate: start.startDate, trialDays: trial, ...monthly };
          expect(chargeDates(series, 1)).toEqual([start.firstCharge]);
          expect(subscriptionEndDate({ ...series, cycles })).toBe(
            addIntervals(start.firstCharge, 'monthly', cycles),
          );
        },
      ),
    );
  });

  it('reads a calendar date as people do, with no zone shift', () => {
    expect(calendarDateLabel('2027-01-05')).toBe('January 5, 2027');
    expect(calendarDateLabel('2026-12-31')).toBe('December 31, 2026');
  });
});

describe('late cycles', () => {
  it('calls a never-tried cycle more than 30 days late too late', () => {
    expect(isCycleTooLate('2026-01-31', '2026-03-02')).toBe(false);
    expect(isCycleTooLate('2026-01-31', '2026-03-03')).toBe(true);
  });
});

describe('dunning', () => {
  it('retries a declined cycle 3 and 7 days after its date, then gives up', () => {
    expect(dunningRetryDate('2026-02-27', 1)).toBe('2026-03-02');
    expect(dunningRetryDate('2026-02-27', 2)).toBe('2026-03-06');
    expect(dunningRetryDate('2026-02-27', 3)).toBeNull();
    expect(maxChargeAttempts).toBe(3);
    expect(dunningEndReason(maxChargeAttempts)).toBe('Payment failed 3 times');
  });
});
