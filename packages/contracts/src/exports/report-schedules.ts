import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { timeZoneOffsetMs, zonedDayRange } from '../grid/zoned-time';
import {
  type ExportGrid,
  exportFormatSchema,
  exportGridSchema,
  exportRequestBody,
  timeZoneNameSchema,
} from './exports';

// Scheduled reports: a saved grid layout exported by the server daily, weekly or monthly at a time of
// the owner's zone, each run covering the period that just ended, and sent to chosen users of the
// merchant as an attached file or a link.

// The grids with a window of dates, which each run sets to its period.
export const schedulableGrids: readonly ExportGrid[] = ['transaction-report', 'audit-log', 'disputes'];
export function isSchedulableGrid(grid: ExportGrid): boolean {
  return schedulableGrids.includes(grid);
}

export const scheduleFrequencies = ['daily', 'weekly', 'monthly'] as const;
export const scheduleFrequencySchema = z.enum(scheduleFrequencies);
export type ScheduleFrequency = z.infer<typeof scheduleFrequencySchema>;

export const scheduleFrequencyLabels: Record<ScheduleFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export const scheduleDeliveries = ['file', 'link'] as const;
export const scheduleDeliverySchema = z.enum(scheduleDeliveries);
export type ScheduleDelivery = z.infer<typeof scheduleDeliverySchema>;

export const scheduleDeliveryLabels: Record<ScheduleDelivery, string> = {
  file: 'The file, attached',
  link: 'A link to the file',
};

export const scheduleStatuses = ['active', 'paused'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];
export const scheduleStatusLabels: Record<ScheduleStatus, string> = { active: 'Active', paused: 'Paused' };

// ISO weekdays: Monday is 1.
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

// Runs start on the quarter hours (the scheduler looks every five minutes).
export const scheduleTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, 'Choose a time on the quarter hour (08:00, 08:15, …)');

// The days of a month every month has: a monthly report never skips a short month.
export const maxMonthDay = 28;
export const maxScheduleRecipients = 20;
// An attached file over this size is sent as a link instead (mail servers refuse large messages).
export const maxAttachedBytes = 10 * 1024 * 1024;

export const scheduleTimingSchema = z
  .object({
    frequency: scheduleFrequencySchema,
    time: scheduleTimeSchema,
    weekday: z.number().int().min(1).max(7).nullable().default(null),
    month_day: z.number().int().min(1).max(maxMonthDay).nullable().default(null),
    time_zone: timeZoneNameSchema,
  })
  .superRefine((timing, ctx) => {
    if (timing.frequency === 'weekly' && timing.weekday === null) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose the day of the week' });
    }
    if (timing.frequency === 'monthly' && timing.month_day === null) {
      ctx.addIssue({ code: 'custom', path: ['month_day'], message: 'Choose the day of the month' });
    }
  });
export type ScheduleTiming = z.infer<typeof scheduleTimingSchema>;

// POST /api/report-schedules/{grid}: the export as the grid would ask it from the saved layout (its
// window's dates are replaced by each run's period), the layout's name, the timing, the delivery.
export const reportScheduleBody = z.strictObject({
  layout_name: z.string().trim().min(1, 'Field is required').max(200),
  export: exportRequestBody,
  timing: scheduleTimingSchema,
  delivery: scheduleDeliverySchema,
  recipient_ids: z
    .array(z.uuid())
    .min(1, 'Choose at least one recipient')
    .max(maxScheduleRecipients, `At most ${maxScheduleRecipients} recipients`),
});
export type ReportScheduleBody = z.input<typeof reportScheduleBody>;

export const scheduleRecipientSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type ScheduleRecipient = z.infer<typeof scheduleRecipientSchema>;

export const reportScheduleSchema = z.object({
  id: z.uuid(),
  grid: exportGridSchema,
  title: z.string(),
  layout_name: z.string(),
  format: exportFormatSchema,
  delivery: scheduleDeliverySchema,
  frequency: scheduleFrequencySchema,
  time: z.string(),
  weekday: z.number().int().nullable(),
  month_day: z.number().int().nullable(),
  time_zone: z.string(),
  recipients: z.array(scheduleRecipientSchema),
  status: z.enum(scheduleStatuses),
  // Why it was paused, in words; null when paused by its owner or active.
  paused_reason: z.string().nullable(),
  next_run_at: z.iso.datetime().nullable(),
  last_run_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleResponse = successEnvelope(reportScheduleSchema);
export const reportScheduleListResponse = successEnvelope(z.array(reportScheduleSchema));
export const reportScheduleDeletedResponse = successEnvelope(z.null());
export const reportScheduleIdParams = z.object({ id: z.uuid() });
export const scheduleRecipientsQuery = z.object({ merchant_id: z.uuid().optional() });
export const scheduleRecipientsResponse = successEnvelope(z.array(scheduleRecipientSchema));

export const ReportScheduleText = {
  Created: 'Report scheduled',
  Paused: 'Schedule paused',
  Resumed: 'Schedule resumed',
  Deleted: 'Schedule deleted',
  NotFound: 'This schedule does not exist or is not yours.',
  NotSchedulable: 'This grid cannot be scheduled.',
  NoAccess: 'You do not have access to these rows.',
  RecipientOutside: 'Every recipient must be a user of this merchant.',
  NotPaused: 'Only a paused schedule can be resumed.',
  NotActive: 'Only an active schedule can be paused.',
  // Set by the scheduler when the owner may no longer export these rows.
  AccessLost: 'Paused: you no longer have access to these rows. Schedule the layout again once you have.',
  MailSubject: (layoutName: string) => `Scheduled report: ${layoutName}`,
  MailIntro: (title: string, layoutName: string, period: string, rows: number) =>
    `'${layoutName}' (${title}) for ${period}: ${rows.toLocaleString('en-US')} rows.`,
  MailAttached: 'The file is attached.',
  MailLink: 'Download it within 7 days (sign in first):',
  MailTooLarge:
    'The file is too large to attach, so it is linked instead. Download it within 7 days (sign in first):',
  MailSchedules: 'Scheduled reports of this portal are listed under Exports:',
} as const;

// --- When a schedule runs and what period each run covers (pure, in the schedule's zone) ---

const DAY_MS = 86_400_000;

type WallDate = { year: number; month: number; day: number };

function wallDateOf(instantMs: number, timeZone: string): WallDate {
  const wall = new Date(instantMs + timeZoneOffsetMs(timeZone, instantMs));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));
const isoDateOf = (date: WallDate) => `${date.year}-${pad2(date.month)}-${pad2(date.day)}`;

function addDays(date: WallDate, days: number): WallDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

// ISO weekday of a calendar date: Monday is 1, Sunday 7.
function weekdayOf(date: WallDate): number {
  const sundayFirst = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return sundayFirst === 0 ? 7 : sundayFirst;
}

// The instant a wall-clock time of a date is in the zone. A time the clocks skip (spring forward)
// is read with the offset before the change, so it falls just after it.
function zonedInstantMs(date: WallDate, time: string, timeZone: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  const wall = Date.UTC(date.year, date.month - 1, date.day, hours ?? 0, minutes ?? 0);
  const first = wall - timeZoneOffsetMs(timeZone, wall);
  const second = wall - timeZoneOffsetMs(timeZone, first);
  // Where the second reading is not that wall clock, the time does not exist that day.
  return second + timeZoneOffsetMs(timeZone, second) === wall ? second : first;
}

function isRunDay(timing: ScheduleTiming, date: WallDate): boolean {
  switch (timing.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return weekdayOf(date) === timing.weekday;
    case 'monthly':
      return date.day === timing.month_day;
  }
}

// The first run strictly after an instant.
export function nextRunAfter(timing: ScheduleTiming, afterMs: number): Date {
  const today = wallDateOf(afterMs, timing.time_zone);
  // A month and a day cover every frequency's next run day.
  for (let offset = -1; offset <= 32; offset++) {
    const date = addDays(today, offset);
    if (!isRunDay(timing, date)) continue;
    const at = zonedInstantMs(date, timing.time, timing.time_zone);
    if (at > afterMs) return new Date(at);
  }
  throw new Error('a schedule has a run within a month');
}

// The days a run covers, inclusive, in the schedule's zone: the day before the run (daily), the seven
// days before it (weekly), the calendar month before it (monthly).
export type SchedulePeriod = { from: string; to: string; startMs: number; endMs: number };

export function periodOfRun(frequency: ScheduleFrequency, runAtMs: number, timeZone: string): SchedulePeriod {
  const runDay = wallDateOf(runAtMs, timeZone);
  const to = addDays(runDay, -1);
  const from =
    frequency === 'daily'
      ? to
      : frequency === 'weekly'
        ? addDays(runDay, -7)
        : { year: to.year, month: to.month, day: 1 };
  const period = frequency === 'monthly' ? { from, to: lastDayOfMonth(to) } : { from, to };
  const range = zonedDayRange(isoDateOf(period.from), isoDateOf(period.to), timeZone);
  return {
    from: isoDateOf(period.from),
    to: isoDateOf(period.to),
    startMs: range.startMs,
    endMs: range.endMs,
  };
}

function lastDayOfMonth(date: WallDate): WallDate {
  const firstOfNext = new Date(Date.UTC(date.year, date.month, 1));
  return addDays({ year: firstOfNext.getUTCFullYear(), month: firstOfNext.getUTCMonth() + 1, day: 1 }, -1);
}

// 'Weekly on Monday at 08:00 (America/New_York)'.
export function describeTiming(
  timing: Pick<ScheduleTiming, 'frequency' | 'time' | 'weekday' | 'month_day' | 'time_zone'>,
): string {
  const at = `at ${timing.time} (${timing.time_zone})`;
  switch (timing.frequency) {
    case 'daily':
      return `Daily ${at}`;
    case 'weekly':
      return `Weekly on ${weekdayNames[(timing.weekday ?? 1) - 1]} ${at}`;
    case 'monthly':
      return `Monthly on day ${timing.month_day ?? 1} ${at}`;
  }
}

// '2026-03-03' or '2026-03-01 to 2026-03-31': the period a run covers, as its e-mail names it.
export function describePeriod(period: Pick<SchedulePeriod, 'from' | 'to'>): string {
  return period.from === period.to ? period.from : `${period.from} to ${period.to}`;
}
