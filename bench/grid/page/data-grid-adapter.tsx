import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import type { GridLayout } from '@portico/contracts/grid/grid-layout';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DataGrid } from '@web/components/data-grid/data-grid';
import type { DataGridApi, DataGridColumn } from '@web/components/data-grid/data-grid.types';
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { type BenchRow, benchColumns } from './bench-data';
import type { GridAdapter } from './bench-protocol';

const columns: DataGridColumn<BenchRow>[] = benchColumns.map((column) => ({
  id: column.id,
  header: column.header,
  kind: column.kind,
  value: (row: BenchRow) => row[column.id],
}));

const baseLayout: GridLayout = {
  version: 'v2',
  columns: columns.map((column) => ({ colId: column.id })),
  filters: {},
  sortModel: [],
  pivotMode: false,
  columnGroupState: [],
};

// Portico's DataGrid driven through its public props and apiRef, as pages use it.
export function dataGridAdapter(): GridAdapter {
  const api = createRef<DataGridApi>();
  let root: HTMLElement | null = null;
  const columnIndexOf = (columnId: keyof BenchRow) => {
    const header = benchColumns.find((column) => column.id === columnId)?.header;
    const cells = root?.querySelectorAll<HTMLElement>('[role=columnheader]') ?? [];
    for (const cell of cells) {
      if (header && cell.textContent?.startsWith(header)) return cell.getAttribute('aria-colindex');
    }
    return null;
  };
  return {
    name: 'DataGrid',
    mount(container, rows) {
      root = container;
      const queryClient = new QueryClient();
      createRoot(container).render(
        <MantineProvider>
          <QueryClientProvider client={queryClient}>
            <DataGrid
              apiRef={api}
              columns={columns}
              rows={rows}
              getRowId={(row) => String(row.id)}
              timeZone="UTC"
              height={760}
              ariaLabel="Benchmark"
            />
          </QueryClientProvider>
        </MantineProvider>,
      );
      return new Promise<void>((resolve) => {
        const check = () =>
          container.querySelector('[role=row][data-row-index="0"]')
            ? resolve()
            : requestAnimationFrame(check);
        check();
      });
    },
    sortDescending(columnId) {
      api.current?.applyLayout({ ...baseLayout, sortModel: [{ colId: columnId, sort: 'desc' }] });
    },
    filterContains(columnId, text) {
      api.current?.applyLayout({
        ...baseLayout,
        filters: { [columnId]: { filterType: 'text', value: text } },
      });
    },
    groupWithSum(columnId, sumColumnId) {
      api.current?.applyLayout({
        ...baseLayout,
        columns: baseLayout.columns.map((column) =>
          column.colId === columnId
            ? { ...column, rowGroupIndex: 0 }
            : column.colId === sumColumnId
              ? { ...column, aggFunc: 'sum' }
              : column,
        ),
      });
    },
    reset() {
      api.current?.applyLayout(baseLayout);
    },
    firstRowText(columnId) {
      const index = columnIndexOf(columnId);
      if (!index) return null;
      return (
        root?.querySelector(`[role=row][data-row-index="0"] [role=gridcell][aria-colindex="${index}"]`)
          ?.textContent ?? null
      );
    },
    displayedRowCount() {
      return api.current?.getFilteredRowCount() ?? 0;
    },
    isShowingGroups() {
      return root?.querySelector('[role=row][aria-expanded]') !== null;
    },
    scrollElement() {
      return root?.querySelector<HTMLElement>('[role=grid]') ?? null;
    },
  };
}
