import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InstantRange, totalSegments } from './total-segments';

const hourMs = 3_600_000;
const dayMs = 86_400_000;
const quarterHour = 900_000;

// Any instant of two years, on a quarter hour (every zone's midnight is) or anywhere.
const instant = fc.oneof(
  fc.integer({ min: 0, max: 2 * 365 * 96 }).map((n) => Date.UTC(2026, 0, 1) + n * quarterHour),
  fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }),
);

function covered(segments: ReturnType<typeof totalSegments>): InstantRange[] {
  return [...segments.rows, ...segments.hours, ...segments.days].sort((a, b) => a.from - b.from);
}

describe('totalSegments', () => {
  it('covers the window exactly, once, with whole UTC hours and days where the sums are read', () => {
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const segments = totalSegments(start, end);
        const parts = covered(segments);
        // Contiguous from start to end, without gaps or overlaps.
        let at = start;
        for (const part of parts) {
          expect(part.from).toBe(at);
          expect(part.to).toBeGreaterThan(part.from);
          at = part.to;
        }
        expect(at).toBe(start === end ? start : end);
        for (const hour of segments.hours) {
          expect(hour.from % hourMs).toBe(0);
          expect(hour.to % hourMs).toBe(0);
        }
        for (const day of segments.days) {
          expect(day.from % dayMs).toBe(0);
          expect(day.to % dayMs).toBe(0);
        }
        // What is read from rows is less than an hour at either side.
        for (const rows of segments.rows) expect(rows.to - rows.from).toBeLessThan(hourMs);
        // At most 23 hours' sums at either side of the days.
        const hours = segments.hours.reduce((sum, range) => sum + (range.to - range.from), 0);
        expect(hours).toBeLessThanOrEqual(2 * 23 * hourMs);
      }),
    );
  });

  it('reads a zone whose midnight is on the hour from sums alone', () => {
    // New York's days in winter start at 05:00 UTC.
    const segments = totalSegments(Date.UTC(2026, 0, 1, 5), Date.UTC(2026, 0, 8, 5));
    expect(segments.rows).toEqual([]);
    expect(segments.hours).toEqual([
      { from: Date.UTC(2026, 0, 1, 5), to: Date.UTC(2026, 0, 2) },
      { from: Date.UTC(2026, 0, 8), to: Date.UTC(2026, 0, 8, 5) },
    ]);
    expect(segments.days).toEqual([{ from: Date.UTC(2026, 0, 2), to: Date.UTC(2026, 0, 8) }]);
  });

  it("reads the half hours of Kolkata's midnight from rows", () => {
    // Kolkata's 1 January starts at 18:30 UTC the day before.
    const segments = totalSegments(Date.UTC(2025, 11, 31, 18, 30), Date.UTC(2026, 0, 1, 18, 30));
    expect(segments.rows).toEqual([
      { from: Date.UTC(2025, 11, 31, 18, 30), to: Date.UTC(2025, 11, 31, 19) },
      { from: Date.UTC(2026, 0, 1, 18), to: Date.UTC(2026, 0, 1, 18, 30) },
    ]);
    expect(segments.days).toEqual([]);
  });
});
