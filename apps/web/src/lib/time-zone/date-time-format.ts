import { useMemo } from 'react';
import { useUserTimeZone } from './get-time-zone';
import { isIsoDay, usableTimeZone } from './zoned-days';

// The portal's one date format (yyyy-mm-dd) and one date-time format (yyyy-mm-dd hh:mm:ss ZONE), on
// the wall clock of the user's timezone setting (UTC on the wire). Grids, prose, receipts
// and the enrollment pages all read them from here so a person never has to guess the zone.

export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss ZONE';

export type DateTimeValue = string | number | Date | null | undefined;

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const abbreviationCaches = new Map<string, Map<number, string>>();

function partFormatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    // en-US gives the familiar short names (EST, PDT, UTC); hourCycle h23 keeps midnight at 00.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: usableTimeZone(timeZone),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

// An instant from the wire as epoch ms; zone-less date-times are UTC.
export function instantMsOf(value: DateTimeValue): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value === '') return undefined;
  const text = ZONELESS_DATE_TIME.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

type WallClock = { date: string; time: string; zone: string };

function wallClockOf(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of partFormatterOf(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = part.value;
  }
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    zone: parts.timeZoneName ?? '',
  };
}

// The zone's short name at an instant (EST or EDT), cached per quarter hour: zones change their
// offset and name only on quarter hours, and grids ask once per cell.
export function timeZoneAbbreviationAt(timeZone: string, instantMs: number): string {
  let cache = abbreviationCaches.get(timeZone);
  if (!cache) {
    cache = new Map();
    abbreviationCaches.set(timeZone, cache);
  }
  const bucket = Math.floor(instantMs / QUARTER_HOUR_MS);
  let abbreviation = cache.get(bucket);
  if (abbreviation === undefined) {
    abbreviation = wallClockOf(bucket * QUARTER_HOUR_MS, timeZone).zone;
    cache.set(bucket, abbreviation);
  }
  return abbreviation;
}

// yyyy-mm-dd in the user's zone; a calendar day (yyyy-mm-dd) stays the day it names.
export function formatDate(value: DateTimeValue, timeZone: string): string {
  if (typeof value === 'string' && isIsoDay(value)) return value;
  const instantMs = instantMsOf(value);
  return instantMs === undefined ? '' : wallClockOf(instantMs, timeZone).date;
}

// yyyy-mm-dd hh:mm:ss and the zone's abbreviation, e.g. '2024-02-29 22:04:05 EST'.
export function formatDateTime(value: DateTimeValue, timeZone: string): string {
  const instantMs = instantMsOf(value);
  if (instantMs === undefined) return '';
  const wall = wallClockOf(instantMs, timeZone);
  return `${wall.date} ${wall.time} ${wall.zone}`.trimEnd();
}

export type DateTimeFormatters = {
  timeZone: string;
  formatDate: (value: DateTimeValue) => string;
  formatDateTime: (value: DateTimeValue) => string;
};

// The two formatters bound to the user's timezone setting (the browser's until one is set).
export function useDateTimeFormatters(): DateTimeFormatters {
  const timeZone = usableTimeZone(useUserTimeZone());
  return useMemo(
    () => ({
      timeZone,
      formatDate: (value) => formatDate(value, timeZone),
      formatDateTime: (value) => formatDateTime(value, timeZone),
    }),
    [timeZone],
  );
}
