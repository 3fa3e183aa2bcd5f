// Timing helpers shared by the benchmarks: medians of interleaved runs, so both sides see the same
// cache and load conditions.
export async function timeMs(fn: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

// The median of runs of fn on its own, after warmup runs.
export async function medianMs(fn: () => Promise<unknown>, { warmup = 3, runs = 21 } = {}): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeMs(fn));
  return median(times);
}

export async function compareInterleaved(
  subject: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  { warmup = 5, runs = 31 } = {},
): Promise<{ subjectMs: number; baselineMs: number; ratio: number }> {
  for (let i = 0; i < warmup; i++) {
    await subject();
    await baseline();
  }
  const subjectTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate who goes first so neither side always gets the warmer cache.
    if (i % 2) {
      subjectTimes.push(await timeMs(subject));
      baselineTimes.push(await timeMs(baseline));
    } else {
      baselineTimes.push(await timeMs(baseline));
      subjectTimes.push(await timeMs(subject));
    }
  }
  const subjectMs = median(subjectTimes);
  const baselineMs = median(baselineTimes);
  return { subjectMs, baselineMs, ratio: subjectMs / baselineMs };
}

export function printTable(headers: string[], rows: (string | number)[][]): void {
  const cells = [
    headers,
    ...rows.map((r) =>
      r.map((c) => (typeof c === 'number' && !Number.isInteger(c) ? c.toFixed(2) : String(c))),
    ),
  ];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  for (const [index, row] of cells.entries()) {
    console.log(row.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  '));
    if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
