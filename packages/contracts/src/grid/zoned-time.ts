// Wall-clock dates and times of an IANA zone, for the grid in the browser and the server's exports
// alike. The date formats a grid column may show.
export type GridDateFormat =
  | 'yyyy-mm-dd'
  | 'yyyy-mm-dd hh:mm'
  | 'yyyy-mm-dd hh:mm:ss'
  | 'mm/dd/yyyy'
  | 'mm/dd/yyyy hh:mm:ss';

// Formatting 100,000 dates through Intl is slow; the UTC offset changes only at DST transitions,
// which fall on quarter hours, so the offset is computed once per quarter hour and reused.
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const offsetCaches = new Map<string, Map<number, number>>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    partFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function computeOffsetMs(timeZone: string, utcMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(utcMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  // Callers pass quarter-hour instants, so there are no milliseconds to drop.
  return asUtc - utcMs;
}

// Milliseconds to add to a UTC instant to read the wall clock of timeZone.
export function timeZoneOffsetMs(timeZone: string, utcMs: number): number {
  let cache = offsetCaches.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsetCaches.set(timeZone, cache);
  }
  const bucket = Math.floor(utcMs / QUARTER_HOUR_MS);
  let offset = cache.get(bucket);
  if (offset === undefined) {
    offset = computeOffsetMs(timeZone, bucket * QUARTER_HOUR_MS);
    cache.set(bucket, offset);
  }
  return offset;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// The instant a calendar day (yyyy-mm-dd) begins in timeZone; undefined for an invalid date.
export function zonedDayStartMs(isoDate: string, timeZone: string): number | undefined {
  const match = DATE_ONLY.exec(isoDate);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const wallClock = Date.UTC(year, month - 1, day);
  const probe = new Date(wallClock);
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return undefined;
  }
  // Two passes settle the offset when the day starts near a DST change.
  const first = wallClock - timeZoneOffsetMs(timeZone, wallClock);
  const second = wallClock - timeZoneOffsetMs(timeZone, first);
  return second;
}

// Inclusive yyyy-mm-dd bounds as a half-open instant range [start, end).
export function zonedDayRange(
  from: string | null | undefined,
  to: string | null | undefined,
  timeZone: string,
): { startMs: number; endMs: number } {
  const start = from ? zonedDayStartMs(from, timeZone) : undefined;
  const toStart = to ? zonedDayStartMs(to, timeZone) : undefined;
  // The next day's start, found from noon to stay clear of DST edges.
  const end = toStart === undefined ? undefined : nextDayStartMs(toStart + DAY_MS / 2, timeZone);
  return { startMs: start ?? Number.NEGATIVE_INFINITY, endMs: end ?? Number.POSITIVE_INFINITY };
}

function nextDayStartMs(instantMs: number, timeZone: string): number | undefined {
  const wall = new Date(instantMs + timeZoneOffsetMs(timeZone, instantMs) + DAY_MS);
  return zonedDayStartMs(isoDateOf(wall), timeZone);
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

function isoDateOf(wall: Date): string {
  return `${wall.getUTCFullYear()}-${pad2(wall.getUTCMonth() + 1)}-${pad2(wall.getUTCDate())}`;
}

export type ZonedDateFormatter = (epochMs: number) => string;

// The day's part of a format, of the wall clock's day (a Date at its UTC midnight).
function dayTextOf(day: Date, format: GridDateFormat): string {
  if (!format.startsWith('mm/dd/yyyy')) return isoDateOf(day);
  return `${pad2(day.getUTCMonth() + 1)}/${pad2(day.getUTCDate())}/${day.getUTCFullYear()}`;
}

const twoDigits = Array.from({ length: 60 }, (_, value) => pad2(value));

// One formatter per column: reads the wall clock through the cached offset, no Intl per cell. A
// grid or an export meets its times mostly in order, many in the same quarter hour and day: the
// formatter keeps the last quarter hour's offset and the last day's text, and reads the clock from
// the milliseconds of the day.
export function createZonedDateFormatter(timeZone: string, format: GridDateFormat): ZonedDateFormatter {
  const withSeconds = format.endsWith('hh:mm:ss');
  const withClock = withSeconds || format.endsWith('hh:mm');
  let quarterHour = Number.NaN;
  let offsetMs = 0;
  let dayNumber = Number.NaN;
  let dayText = '';
  return (epochMs) => {
    const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
    if (quarter !== quarterHour) {
      offsetMs = timeZoneOffsetMs(timeZone, epochMs);
      quarterHour = quarter;
    }
    const wallMs = epochMs + offsetMs;
    const day = Math.floor(wallMs / DAY_MS);
    if (day !== dayNumber) {
      dayText = dayTextOf(new Date(day * DAY_MS), format);
      dayNumber = day;
    }
    if (!withClock) return dayText;
    const secondsOfDay = Math.floor((wallMs - day * DAY_MS) / 1000);
    const hh = twoDigits[Math.floor(secondsOfDay / 3600)];
    const mm = twoDigits[Math.floor(secondsOfDay / 60) % 60];
    return withSeconds ? `${dayText} ${hh}:${mm}:${twoDigits[secondsOfDay % 60]}` : `${dayText} ${hh}:${mm}`;
  };
}

const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

// A value from the wire as epoch ms. Date-only strings are calendar days in the user's timezone;
// date-times without an offset are UTC (UTC on the wire).
export function toEpochMs(raw: unknown, timeZone: string): number | undefined {
  if (raw instanceof Date) {
    const time = raw.getTime();
    return Number.isNaN(time) ? undefined : time;
  }
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (DATE_ONLY.test(raw)) return zonedDayStartMs(raw, timeZone);
  const text = ZONELESS_DATE_TIME.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}
