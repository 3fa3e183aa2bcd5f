import type { BenchRow } from './bench-data';

// What each grid adapter offers the benchmark page; the page times every action the same way.
export type GridAdapter = {
  name: string;
  // Resolves once the first data rows are in the DOM.
  mount(container: HTMLElement, rows: BenchRow[]): Promise<void>;
  sortDescending(columnId: keyof BenchRow): void;
  filterContains(columnId: keyof BenchRow, text: string): void;
  // null when the grid cannot group (AG Grid Community: row grouping is an Enterprise feature).
  groupWithSum: ((columnId: keyof BenchRow, sumColumnId: keyof BenchRow) => void) | null;
  reset(): void;
  firstRowText(columnId: keyof BenchRow): string | null;
  displayedRowCount(): number;
  isShowingGroups(): boolean;
  scrollElement(): HTMLElement | null;
};

// window.gridBench, read by bench/grid/grid.bench.ts through Playwright.
export type GridBenchApi = {
  firstRenderMs: number;
  sort(): Promise<number>;
  filter(): Promise<number>;
  group(): Promise<number | null>;
  reset(): Promise<void>;
  scroll(): Promise<{ p50: number; p95: number; frames: number }>;
};

export type ExportBenchApi = {
  ours(): Promise<number>;
  exceljs(): Promise<number>;
};

// window.ingestBench: one Load All, timed from the request to the grid holding every row (grid), the
// same stream read and parsed into an array without the grid (parse), its bytes only (read), and the
// browser's JSON.parse alone over the same lines already in memory, kept (jsonParse): the ceiling
// any NDJSON reader of these rows has on this machine.
export type IngestRun = { ms: number; rows: number; commits: number };
export type IngestBenchApi = {
  grid(): Promise<IngestRun>;
  parse(): Promise<IngestRun>;
  read(): Promise<IngestRun>;
  jsonParse(): Promise<IngestRun>;
};
