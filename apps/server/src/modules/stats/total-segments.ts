// A window [start, end) of instants split so that its sums can be read from the UTC hour and day
// totals of transaction_totals: whole UTC days from the days' sums, the whole hours at either side
// from the hours' sums, and what is left (the part of an hour a window starts or ends in, for a zone
// whose midnight is not on the hour) from the rows themselves. The parts are disjoint and cover the
// window exactly, so the sum over them is the sum over the window's rows.

export type InstantRange = { from: number; to: number };
export type TotalSegments = {
  rows: InstantRange[];
  hours: InstantRange[];
  days: InstantRange[];
};

const hourMs = 3_600_000;
const dayMs = 86_400_000;

const floorTo = (unit: number, ms: number) => Math.floor(ms / unit) * unit;
const ceilTo = (unit: number, ms: number) => Math.ceil(ms / unit) * unit;

// Empty ranges are left out.
function nonEmpty(ranges: InstantRange[]): InstantRange[] {
  return ranges.filter((range) => range.from < range.to);
}

export function totalSegments(start: number, end: number): TotalSegments {
  if (!(start < end)) return { rows: [], hours: [], days: [] };
  const firstHour = ceilTo(hourMs, start);
  const lastHour = Math.max(floorTo(hourMs, end), firstHour);
  const firstDay = ceilTo(dayMs, firstHour);
  const lastDay = Math.max(floorTo(dayMs, lastHour), firstDay);
  return {
    rows: nonEmpty([
      { from: start, to: Math.min(firstHour, end) },
      { from: lastHour, to: end },
    ]),
    hours: nonEmpty([
      { from: firstHour, to: Math.min(firstDay, lastHour) },
      { from: lastDay, to: lastHour },
    ]),
    days: nonEmpty([{ from: firstDay, to: lastDay }]),
  };
}
