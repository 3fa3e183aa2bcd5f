import { AllCommunityModule, type ColDef, createGrid, type GridApi, ModuleRegistry } from 'ag-grid-community';
import { type BenchRow, benchColumns } from './bench-data';
import type { GridAdapter } from './bench-protocol';

ModuleRegistry.registerModules([AllCommunityModule]);

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// AG Grid Community with the same columns, formatting and virtualisation defaults it ships with.
export function agGridAdapter(): GridAdapter {
  let api: GridApi<BenchRow> | null = null;
  let root: HTMLElement | null = null;
  return {
    name: 'AG Grid Community',
    mount(container, rows) {
      root = container;
      const columnDefs: ColDef<BenchRow>[] = benchColumns.map((column) => ({
        field: column.id,
        headerName: column.header,
        sortable: true,
        filter:
          column.kind === 'number' || column.kind === 'money' ? 'agNumberColumnFilter' : 'agTextColumnFilter',
        ...(column.kind === 'money'
          ? { valueFormatter: (p: { value: number }) => money.format(p.value) }
          : {}),
      }));
      return new Promise<void>((resolve) => {
        api = createGrid(container, {
          rowData: rows,
          columnDefs,
          onFirstDataRendered: () => resolve(),
        });
      });
    },
    sortDescending(columnId) {
      api?.applyColumnState({ state: [{ colId: columnId, sort: 'desc' }], defaultState: { sort: null } });
    },
    filterContains(columnId, text) {
      api?.setFilterModel({ [columnId]: { filterType: 'text', type: 'contains', filter: text } });
    },
    groupWithSum: null,
    reset() {
      api?.setFilterModel(null);
      api?.applyColumnState({ defaultState: { sort: null } });
      api?.ensureIndexVisible(0, 'top');
    },
    firstRowText(columnId) {
      return (
        root?.querySelector(`.ag-row[row-index="0"] .ag-cell[col-id="${columnId}"]`)?.textContent ?? null
      );
    },
    displayedRowCount() {
      return api?.getDisplayedRowCount() ?? 0;
    },
    isShowingGroups() {
      return false;
    },
    scrollElement() {
      return root?.querySelector<HTMLElement>('.ag-grid-viewport, .ag-body-viewport') ?? null;
    },
  };
}
