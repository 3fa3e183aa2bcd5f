import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import type { ReportRow } from '@portico/contracts/transactions/report';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DataGrid } from '@web/components/data-grid/data-grid';
import type { DataGridApi } from '@web/components/data-grid/data-grid.types';
import { loadAllReportRows, useLoadAllReport } from '@web/features/reporting/api/load-all-report';
import { reportColumns } from '@web/features/reporting/components/report-columns';
import { reportAbilities } from '@web/features/reporting/utils/report-permissions.utils';
import { createRef, useLayoutEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import type { IngestBenchApi } from './bench-protocol';

// Load All as the classic report runs it: the real hook (fetch, NDJSON reader, row parser, batched
// commits) feeding the real DataGrid with the report's columns, timed from the request to the frame
// after the grid holds every row. Beside it, the same stream read without the grid, its bytes read
// without parsing, and JSON.parse alone over the same lines: what the network and the parser allow.

declare global {
  interface Window {
    ingestBench?: IngestBenchApi;
    ingestBenchError?: string;
  }
}

const expectedRows = Number(new URLSearchParams(location.search).get('rows') ?? 0);
// The server of the benchmark answers any window with the same stream.
const query = {
  start: '2026-08-22',
  end: '2026-11-20',
  start_at: '2026-08-22T00:00:00.000Z',
  end_at: '2026-11-21T00:00:00.000Z',
  page: '0',
  size: '250',
};
const grants = { hasMerchantLevelPermissions: false } as const;
const reportRowId = (row: ReportRow) => row[1].id;
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

type LoadAll = ReturnType<typeof useLoadAllReport>;
let current: LoadAll | null = null;
let commits = 0;
const api = createRef<DataGridApi>();

function IngestPage() {
  const loadAll = useLoadAllReport();
  useLayoutEffect(() => {
    current = loadAll;
  });
  const rows = loadAll.state.rows;
  useLayoutEffect(() => {
    if (rows.length > 0) commits += 1;
  }, [rows]);
  const columns = useMemo(
    () =>
      reportColumns({
        abilities: reportAbilities(grants),
        grants,
        now: new Date('2026-11-20T12:00:00.000Z'),
        onVoid: () => undefined,
        onRefund: () => undefined,
      }),
    [],
  );
  return (
    <DataGrid
      apiRef={api}
      ariaLabel="Transaction Report"
      columns={columns}
      rows={rows}
      getRowId={reportRowId}
      isLoading={loadAll.state.status === 'loading' && rows.length === 0}
      error={loadAll.state.error}
      timeZone="UTC"
      height={760}
    />
  );
}

async function untilLoaded(): Promise<void> {
  for (let frames = 0; ; frames++) {
    if (frames > 20_000) throw new Error('The grid never showed every row');
    const state = current?.state;
    if (state?.status === 'failed') throw new Error(state.error ?? 'Load All failed');
    if (state?.status === 'done' && api.current?.getFilteredRowCount() === expectedRows) return;
    await nextFrame();
  }
}

async function start() {
  const container = document.getElementById('grid');
  if (!container) throw new Error('No #grid element');
  createRoot(container).render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <IngestPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
  while (current === null) await nextFrame();

  window.ingestBench = {
    grid: async () => {
      current?.reset();
      for (let i = 0; i < 3; i++) await nextFrame();
      commits = 0;
      const started = performance.now();
      current?.start(query);
      await untilLoaded();
      await nextFrame();
      return { ms: performance.now() - started, rows: expectedRows, commits };
    },
    parse: async () => {
      const kept: ReportRow[] = [];
      const started = performance.now();
      const rows = await loadAllReportRows(query, {
        signal: new AbortController().signal,
        onRows: (batch) => {
          for (const row of batch) kept.push(row);
        },
      });
      return { ms: performance.now() - started, rows, commits: 0 };
    },
    jsonParse: async () => {
      const text = await (await fetch('/api/v1/report?is_portal_request=true')).text();
      const lines = text.split('\n').filter((line) => line !== '');
      const kept: unknown[] = [];
      const started = performance.now();
      for (const line of lines) kept.push(JSON.parse(line));
      return { ms: performance.now() - started, rows: kept.length, commits: 0 };
    },
    read: async () => {
      const started = performance.now();
      const response = await fetch(`/api/v1/report?is_portal_request=true`);
      const reader = response.body?.getReader();
      if (!reader) throw new Error('No body');
      let rows = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) rows++;
      }
      return { ms: performance.now() - started, rows, commits: 0 };
    },
  };
}

start().catch((error: unknown) => {
  window.ingestBenchError = error instanceof Error ? error.message : String(error);
});
