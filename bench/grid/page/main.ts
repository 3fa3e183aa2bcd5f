import { makeBenchRows } from './bench-data';
import type { GridAdapter, GridBenchApi } from './bench-protocol';

declare global {
  interface Window {
    gridBench?: GridBenchApi;
    gridBenchError?: string;
  }
}

const params = new URLSearchParams(location.search);
const rowCount = Number(params.get('rows') ?? 100_000);
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

// From the action to the frame after the grid's DOM shows its result: what a user waits for.
async function timeUntil(action: () => void, isDone: () => boolean): Promise<number> {
  const started = performance.now();
  action();
  for (let frames = 0; !isDone(); frames++) {
    if (frames > 3000) throw new Error('The grid never showed the result');
    await nextFrame();
  }
  await nextFrame();
  return performance.now() - started;
}

async function loadAdapter(name: string | null): Promise<GridAdapter> {
  if (name === 'ag') return (await import('./ag-grid-adapter')).agGridAdapter();
  return (await import('./data-grid-adapter')).dataGridAdapter();
}

async function start() {
  const rows = makeBenchRows(rowCount);
  const maxAmount = money.format(rows.reduce((max, row) => Math.max(max, row.amount), 0));
  const filterText = 'Harbor Coffee';
  const filteredCount = rows.filter((row) =>
    row.merchant.toLowerCase().includes(filterText.toLowerCase()),
  ).length;
  const container = document.getElementById('grid');
  if (!container) throw new Error('No #grid element');
  const adapter = await loadAdapter(params.get('grid'));

  const mountStarted = performance.now();
  await adapter.mount(container, rows);
  await nextFrame();
  const firstRenderMs = performance.now() - mountStarted;

  window.gridBench = {
    firstRenderMs,
    sort: () =>
      timeUntil(
        () => adapter.sortDescending('amount'),
        () => adapter.firstRowText('amount')?.includes(maxAmount) === true,
      ),
    filter: () =>
      timeUntil(
        () => adapter.filterContains('merchant', filterText),
        () =>
          adapter.displayedRowCount() === filteredCount && adapter.firstRowText('merchant') === filterText,
      ),
    group: async () => {
      const group = adapter.groupWithSum;
      if (!group) return null;
      return timeUntil(
        () => group('merchant', 'amount'),
        () => adapter.isShowingGroups(),
      );
    },
    reset: async () => {
      adapter.reset();
      for (let i = 0; i < 3; i++) await nextFrame();
    },
    scroll: async () => {
      const element = adapter.scrollElement();
      if (!element) throw new Error('No scroll element');
      const deltas: number[] = [];
      let last = await nextFrame();
      for (let i = 0; i < 120; i++) {
        element.scrollTop += 600;
        const now = await nextFrame();
        deltas.push(now - last);
        last = now;
      }
      deltas.sort((a, b) => a - b);
      return {
        p50: deltas[Math.floor(deltas.length * 0.5)] ?? 0,
        p95: deltas[Math.floor(deltas.length * 0.95)] ?? 0,
        frames: deltas.length,
      };
    },
  };
}

start().catch((error: unknown) => {
  window.gridBenchError = error instanceof Error ? error.message : String(error);
});
