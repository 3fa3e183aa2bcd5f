// Instants as 'yyyy-mm-dd hh:mm:ss' wall-clock time of one IANA zone, fast enough for every row of an
// export: the zone's offset is asked of Intl once per quarter hour it covers (every zone changes its
// offset on a quarter hour), then the digits are written from the shifted instant.

const quarterHourMs = 15 * 60_000;

function two(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

function offsetFinder(timeZone: string): (ms: number) => number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const byQuarter = new Map<number, number>();
  return (ms) => {
    const quarter = Math.floor(ms / quarterHourMs);
    const known = byQuarter.get(quarter);
    if (known !== undefined) return known;
    const start = quarter * quarterHourMs;
    const field: Record<string, number> = {};
    for (const part of parts.formatToParts(start)) field[part.type] = Number(part.value);
    const wall = Date.UTC(
      field.year ?? 1970,
      (field.month ?? 1) - 1,
      field.day ?? 1,
      field.hour ?? 0,
      field.minute ?? 0,
      field.second ?? 0,
    );
    const offset = wall - start;
    // A long export meets a few thousand quarters at most; the map stays small.
    byQuarter.set(quarter, offset);
    return offset;
  };
}

export type ZonedFormatter = {
  dateTime(ms: number): string;
  day(ms: number): string;
  dayStart(day: string): number;
};

export function createZonedFormatter(timeZone: string): ZonedFormatter {
  const offsetAt = offsetFinder(timeZone);
  const wallOf = (ms: number) => new Date(ms + offsetAt(ms));
  const day = (ms: number) => {
    const wall = wallOf(ms);
    return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`;
  };
  return {
    day,
    dateTime(ms) {
      const wall = wallOf(ms);
      return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(
        wall.getUTCHours(),
      )}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
    },
    // The first instant of a yyyy-mm-dd day in the zone.
    dayStart(text) {
      const utcMidnight = Date.parse(`${text}T00:00:00.000Z`);
      // The offset at the guess, then again at the corrected instant (a change during that day).
      const guess = utcMidnight - offsetAt(utcMidnight);
      return utcMidnight - offsetAt(guess);
    },
  };
}
