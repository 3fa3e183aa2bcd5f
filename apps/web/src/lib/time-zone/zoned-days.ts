// Calendar days (yyyy-mm-dd) in the user's timezone and the instants they start at: what date
// pickers and report windows of every page share.

const dayMs = 86_400_000;
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA writes yyyy-mm-dd; hourCycle h23 keeps midnight at 00, not 24.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

// The user's setting when this browser knows it, else the browser's own zone.
export function usableTimeZone(timeZone: string): string {
  try {
    dayFormatterOf(timeZone);
    return timeZone;
  } catch {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
}

function wallClockPartsOf(instantMs: number, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of dayFormatterOf(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

export function isIsoDay(text: string): boolean {
  const match = isoDay.exec(text);
  if (!match) return false;
  const probe = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(probe.getTime()) && probe.toISOString().slice(0, 10) === text;
}

// The calendar day of an instant on the wall clock of timeZone.
export function zonedDayOf(instant: Date, timeZone: string): string {
  const parts = wallClockPartsOf(instant.getTime(), timeZone);
  return `${parts.year}-${pad2(parts.month ?? 1)}-${pad2(parts.day ?? 1)}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * dayMs).toISOString().slice(0, 10);
}

// Milliseconds to add to a UTC instant to read the wall clock of timeZone.
function offsetMsAt(instantMs: number, timeZone: string): number {
  const parts = wallClockPartsOf(instantMs, timeZone);
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instantMs / 1000) * 1000;
}

// The first instant of a calendar day in timeZone, as UTC ISO. Two passes settle the offset on the
// days daylight saving starts or ends.
export function zonedDayStartIso(day: string, timeZone: string): string {
  const wall = Date.parse(`${day}T00:00:00.000Z`);
  const first = wall - offsetMsAt(wall, timeZone);
  return new Date(wall - offsetMsAt(first, timeZone)).toISOString();
}
