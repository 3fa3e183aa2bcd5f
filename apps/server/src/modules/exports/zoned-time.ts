import { createZonedDateFormatter, zonedDayRange, zonedDayStartMs } from '@portico/contracts/grid/zoned-time';

// An export's times as the grid shows them: 'yyyy-mm-dd hh:mm:ss' and days of one IANA zone, through
// the grid's own rule (one offset per quarter hour, no Intl per cell).
export type ZonedFormatter = {
  dateTime(ms: number): string;
  day(ms: number): string;
  dayStart(day: string): number;
  // Inclusive yyyy-mm-dd bounds (either may be absent) as a half-open instant range.
  dayRange(
    from: string | null | undefined,
    to: string | null | undefined,
  ): { startMs: number; endMs: number };
};

export function createZonedFormatter(timeZone: string): ZonedFormatter {
  return {
    dateTime: createZonedDateFormatter(timeZone, 'yyyy-mm-dd hh:mm:ss'),
    day: createZonedDateFormatter(timeZone, 'yyyy-mm-dd'),
    // The first instant of a yyyy-mm-dd day in the zone (NaN for no such day).
    dayStart: (day) => zonedDayStartMs(day, timeZone) ?? Number.NaN,
    dayRange: (from, to) => zonedDayRange(from, to, timeZone),
  };
}
