// Date rules of a recurring charge series (its charge dates and end date).
// Charge dates are calendar dates ('yyyy-mm-dd'), not instants: "today" is read in the merchant's time
// zone once, and everything after that is calendar arithmetic counted in UTC so no zone shift moves a day.

// Merchants carry no time zone of their own; the portal's business day is US Eastern (the void window is
// counted in Eastern time, settlement dates and statements are Eastern), so a series' "today"
// is today in New York, for the merchant's actions and the scheduler alike.
export const merchantTimeZone = 'America/New_York';

export const subscriptionIntervals = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type SubscriptionInterval = (typeof subscriptionIntervals)[number];

// End reasons the scheduler writes (the merchant's own is 'Ended by merchant').
export const SubscriptionEndReason = {
  Completed: 'Completed',
  EndedByMerchant: 'Ended by merchant',
  ChargeDateMissed: 'Charge date missed',
} as const;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

type CalendarDate = { year: number; month: number; day: number };

function parseIsoDate(isoDate: string): CalendarDate {
  const match = isoDatePattern.exec(isoDate);
  if (!match) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function formatIsoDate(year: number, month: number, day: number): string {
  // Date.UTC normalises month and day overflow (day 32 of January is 1 February).
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

export function isIsoCalendarDate(text: string): boolean {
  if (!isoDatePattern.test(text)) return false;
  const { year, month, day } = parseIsoDate(text);
  return formatIsoDate(year, month, day) === text;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(isoDate: string, days: number): string {
  const { year, month, day } = parseIsoDate(isoDate);
  return formatIsoDate(year, month, day + days);
}

// Months later on the anchor day, clamped to the target month's last day: the 31st plus one month is
// 30 April, and the anchor brings it back to 31 May.
export function addMonthsOnAnchorDay(isoDate: string, months: number, anchorDay: number): string {
  const { year, month } = parseIsoDate(isoDate);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  return formatIsoDate(targetYear, targetMonth, Math.min(anchorDay, daysInMonth(targetYear, targetMonth)));
}

// The calendar date an instant falls on in an IANA time zone (the merchant's "today").
export function calendarDateInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

// The merchants' "today": the one rule the server's date checks, the scheduler and the portal's date
// pickers share, so a user in another zone is offered exactly the dates the server takes.
export function merchantToday(now: Date): string {
  return calendarDateInZone(now, merchantTimeZone);
}

// A calendar date as people read it (e.g. 'January 5, 2027'); the date is the merchant's, so no
// zone shift applies.
export function calendarDateLabel(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
}

// A series is due once its next charge date is today or earlier in the merchant's zone.
export function isChargeDue(nextChargeDate: string | null, today: string): boolean {
  return nextChargeDate !== null && nextChargeDate <= today;
}

// The date a given number of intervals after another, keeping the anchor day for months and years
// (yearly on 29 February: 28 February in common years, 29 in leap years).
export function addIntervals(
  isoDate: string,
  interval: SubscriptionInterval,
  count: number,
  anchorDay: number = parseIsoDate(isoDate).day,
): string {
  switch (interval) {
    case 'daily':
      return addDays(isoDate, count);
    case 'weekly':
      return addDays(isoDate, 7 * count);
    case 'monthly':
      return addMonthsOnAnchorDay(isoDate, count, anchorDay);
    case 'yearly':
      return addMonthsOnAnchorDay(isoDate, 12 * count, anchorDay);
  }
}

export type ChargeRhythm = { interval: SubscriptionInterval; frequency: number };

// The charge after the one on `from`: frequency intervals later, on the anchor day.
export function nextChargeDate(from: string, rhythm: ChargeRhythm, anchorDay?: number): string {
  return addIntervals(from, rhythm.interval, Math.max(1, rhythm.frequency), anchorDay);
}

// Trial days delay the first charge (a trial period is "start after N days").
export function firstChargeDate(startDate: string, trialDays: number): string {
  return addDays(startDate, Math.max(0, trialDays));
}

// A link's series starts after its trial days or on its start date. Either way the first
// charge is its start plus the trial days (the end date adds them the same way); a start
// before today (an old link) is today. A first charge after today is a scheduled start: nothing is
// charged at sign-up, the scheduler charges cycle 1 on that date.
export function linkSeriesStart(input: { today: string; start: string | null; trialDays: number }): {
  startDate: string;
  firstCharge: string;
  isScheduled: boolean;
} {
  const startDate = input.start !== null && input.start > input.today ? input.start : input.today;
  const firstCharge = firstChargeDate(startDate, input.trialDays);
  return { startDate, firstCharge, isScheduled: firstCharge > input.today };
}

// The anchor day of a series' months: its first charge's day while the schedule still follows it (a
// 31st clamped to the 30th stays anchored on the 31st); a date the merchant moved the schedule to
// (override, reactivation) becomes the new anchor.
export function anchorDayOf(firstCharge: string, scheduledFor: string): number {
  const first = parseIsoDate(firstCharge).day;
  const scheduled = parseIsoDate(scheduledFor);
  const followsFirst = scheduled.day === Math.min(first, daysInMonth(scheduled.year, scheduled.month));
  return followsFirst ? first : scheduled.day;
}

export type SeriesSchedule = ChargeRhythm & { startDate: string; trialDays: number };

// The date of the charge after the one scheduled for `scheduledFor`, in the series' rhythm.
export function chargeDateAfter(series: SeriesSchedule, scheduledFor: string): string {
  const anchor = anchorDayOf(firstChargeDate(series.startDate, series.trialDays), scheduledFor);
  return nextChargeDate(scheduledFor, series, anchor);
}

// The end date comes from the start date, cycles and interval (times the frequency); a
// trial adds its days first. Without cycles the series recurs until cancelled: no end date.
export function subscriptionEndDate(input: SeriesSchedule & { cycles: number | null }): string | null {
  if (input.cycles === null || input.cycles < 1) return null;
  const first = firstChargeDate(input.startDate, input.trialDays);
  return addIntervals(first, input.interval, input.cycles * Math.max(1, input.frequency));
}

// Dunning: a declined cycle is tried again this many days after its scheduled date; after the last
// retry declines too, the series ends.
export const dunningRetryDays = [3, 7] as const;
export const maxChargeAttempts = dunningRetryDays.length + 1;

export function dunningEndReason(attempts: number): string {
  return `Payment failed ${attempts} times`;
}

// The date of the next try of a cycle that has declined `attempts` times, or null when none is left.
export function dunningRetryDate(scheduledFor: string, attempts: number): string | null {
  const days = dunningRetryDays[attempts - 1];
  return days === undefined ? null : addDays(scheduledFor, days);
}

// A cycle never tried and more than this many days late (the portal was down, or a series was left
// behind) is not charged: the series ends ('Charge date missed') and the merchant may reactivate it,
// so a customer is never charged for a long-past period by surprise.
export const lateCycleGraceDays = 30;

export function isCycleTooLate(scheduledFor: string, today: string): boolean {
  return scheduledFor < addDays(today, -lateCycleGraceDays);
}

// Cycles still to charge after `completed` (null: until cancelled).
export function cyclesRemaining(cycles: number | null, completed: number): number | null {
  return cycles === null ? null : Math.max(0, cycles - completed);
}
