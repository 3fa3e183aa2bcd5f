// The report bench's figures at one size, kept to be compared with another: every default run (1,000,000
// transactions) writes bench/results/report-1000000.json; a larger run reads it and prints each
// figure beside its own 1,000,000 figure, with the ratio and the verdict of the scale budgets (the
// report page and the dashboard stats within 1.2x of their 1,000,000 times, Load All's rows per
// second at least 0.9x of its 1,000,000 rate, the server's RSS growing under 100 MB during streams).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { printTable } from './stats';

export const referenceTransactions = 1_000_000;
// Above 1,000,000 rows the figures that scan months (Load All, the dashboard, the risk lists, posting)
// take seconds each: they are timed over fewer runs so the run ends within the hour.
export const largeRun =
  Number(process.env.BENCH_TRANSACTIONS ?? referenceTransactions) > referenceTransactions;
// The flat budget: a time at most this many times its 1,000,000 time.
export const TIME_BUDGET = 1.2;
const RATE_BUDGET = 0.9;
export const STREAM_MEMORY_BUDGET_MB = 100;

// What a figure is and how it is judged against its 1,000,000 figure.
export type FigureKind =
  // Milliseconds that must stay flat: at most 1.2x the 1,000,000 time of the reference run.
  | 'flat-ms'
  // The same, as the ratio to the 1,000,000 time measured in this run, call for call (scale-pair):
  // when a run has these, they decide, and the flat-ms ratios across runs are printed for reference.
  | 'flat-ratio'
  // Rows per second that must hold: at least 0.9x the 1,000,000 rate.
  | 'rate'
  // RSS growth in MB during a stream: under 100 MB at any size.
  | 'stream-memory-mb'
  // Printed beside its 1,000,000 figure, unbudgeted (a time that grows with the rows by design, a
  // count, a rate nothing is promised of).
  | 'info';

const figureSchema = z.object({
  name: z.string(),
  kind: z.enum(['flat-ms', 'flat-ratio', 'rate', 'stream-memory-mb', 'info']),
  value: z.number(),
  // The bare baseline measured in the same run, when there is one.
  baseline: z.number().optional(),
});
export type Figure = z.infer<typeof figureSchema>;

const resultsSchema = z.object({
  transactions: z.number(),
  seededTransactions: z.number(),
  seedSeconds: z.number(),
  measuredAt: z.string(),
  loadAverage: z.array(z.number()),
  figures: z.array(figureSchema),
});
export type ScaleResults = z.infer<typeof resultsSchema>;

const figures: Figure[] = [];

// Called by the benches as they print: one figure of this run, by a name stable across sizes.
export function recordFigure(name: string, kind: FigureKind, value: number, baseline?: number): void {
  figures.push({ name, kind, value, ...(baseline === undefined ? {} : { baseline }) });
}

export function recordedFigures(): readonly Figure[] {
  return figures;
}

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
export const resultsFile = (transactions: number) => path.join(resultsDir, `report-${transactions}.json`);

export async function writeScaleResults(results: ScaleResults): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = resultsFile(results.transactions);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

async function readReference(): Promise<ScaleResults | undefined> {
  try {
    return resultsSchema.parse(JSON.parse(await readFile(resultsFile(referenceTransactions), 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const fmt = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

// This run's figures beside the 1,000,000 run's; true when every scale budget holds.
export async function compareWithReference(current: ScaleResults): Promise<boolean> {
  const reference = await readReference();
  if (!reference) {
    console.log(
      `\nNo ${path.relative(process.cwd(), resultsFile(referenceTransactions))}: run the 1,000,000 bench first ` +
        '(`npm run bench -- report` without BENCH_TRANSACTIONS), then this one, to see each figure beside its ' +
        '1,000,000 figure.',
    );
    return false;
  }
  const before = new Map(reference.figures.map((figure) => [figure.name, figure]));
  const isPaired = current.figures.some((figure) => figure.kind === 'flat-ratio');
  let ok = true;
  const rows: string[][] = [];
  for (const figure of current.figures) {
    const old = before.get(figure.name);
    const isRatio = figure.kind === 'flat-ratio';
    const ratio = isRatio ? figure.value : old && old.value > 0 ? figure.value / old.value : Number.NaN;
    let verdict = 'no budget';
    if (figure.kind === 'flat-ratio') {
      const within = figure.value <= TIME_BUDGET;
      verdict = `${within ? 'ok' : 'OVER'} (<= ${TIME_BUDGET}x)`;
      ok &&= within;
    } else if (figure.kind === 'flat-ms' && isPaired) {
      verdict = 'across runs; judged in this run';
    } else if (figure.kind === 'stream-memory-mb') {
      const within = figure.value < STREAM_MEMORY_BUDGET_MB;
      verdict = `${within ? 'ok' : 'OVER'} (< ${STREAM_MEMORY_BUDGET_MB} MB)`;
      ok &&= within;
    } else if (figure.kind === 'flat-ms' || figure.kind === 'rate') {
      if (!old) {
        verdict = 'no 1M figure';
        ok = false;
      } else {
        const within = figure.kind === 'flat-ms' ? ratio <= TIME_BUDGET : ratio >= RATE_BUDGET;
        verdict = `${within ? 'ok' : 'OVER'} (${figure.kind === 'flat-ms' ? '<=' : '>='} ${
          figure.kind === 'flat-ms' ? TIME_BUDGET : RATE_BUDGET
        }x)`;
        ok &&= within;
      }
    }
    rows.push([
      figure.name,
      old ? fmt(old.value) : '-',
      old?.baseline === undefined ? '-' : fmt(old.baseline),
      isRatio ? '-' : fmt(figure.value),
      figure.baseline === undefined ? '-' : fmt(figure.baseline),
      Number.isNaN(ratio) ? '-' : ratio.toFixed(2),
      verdict,
    ]);
  }
  console.log(
    `\nAt ${current.seededTransactions} transactions beside ${reference.seededTransactions} ` +
      `(${reference.measuredAt}, load average ${reference.loadAverage.map((l) => l.toFixed(2)).join(' ')}):` +
      '\n(times: medians; ratio: this run over the 1,000,000 run)',
  );
  printTable(['figure', '1M', '1M baseline', 'now', 'now baseline', 'ratio', 'budget'], rows);
  return ok;
}
