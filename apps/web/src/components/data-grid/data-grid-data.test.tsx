import type { GridLayout } from '@portico/contracts/grid/grid-layout';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../test/fetch-stub';
import { DataGrid } from './data-grid';
import {
  bodyRows,
  buildPayment,
  columnTexts,
  headerLabel,
  type Payment,
  paymentColumns,
  paymentId,
  payments,
  renderGrid,
  withMantine,
} from './data-grid.fixtures';
import type { DataGridApi, DataGridColumn } from './data-grid.types';
import { parseRecordRow } from './extract-rows.utils';

const exportExcel = vi.fn(async () => {});
vi.mock('./export/use-excel-export', () => ({
  useExcelExport: () => ({ exportExcel, isExporting: false, progress: 0 }),
}));
vi.mock('./layouts/grid-layouts-bar', () => ({
  GridLayoutsBar: ({ configKey }: { configKey: string }) => <div>Layouts of {configKey}</div>,
}));

type ReportRow = Record<string, unknown>;
const reportColumns: DataGridColumn<ReportRow>[] = [
  { id: 'name', header: 'Name', kind: 'text', value: (row) => row.name },
  { id: 'volume', header: 'Volume', kind: 'money', value: (row) => row.volume },
];
const reportRows = [
  { name: 'Harbor', volume: '10.50' },
  { name: 'Summit', volume: '2.25' },
];

function renderUrlGrid(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    withMantine(
      <QueryClientProvider client={client}>
        <DataGrid<ReportRow>
          url={url}
          query={{ limit: 10 }}
          parseRow={parseRecordRow}
          columns={reportColumns}
        />
      </QueryClientProvider>,
    ),
  );
}

describe('DataGrid loading from a url', () => {
  it.each([
    ['a plain array', reportRows],
    ['data', { data: reportRows }],
    ['items', { items: reportRows, total: 2 }],
    ['message.data', { data: reportRows, page: 1 }],
  ])('reads the rows from %s', async (_shape, message) => {
    const fetchMock = stubFetch({ '/api/v1/report/all-internal/volume': ok(message) });
    renderUrlGrid('/api/v1/report/all-internal/volume');

    expect(screen.getByRole('status', { name: 'Loading rows' })).toBeInTheDocument();
    await waitFor(() => expect(columnTexts('Name')).toEqual(['Harbor', 'Summit']));
    expect(columnTexts('Volume')).toEqual(['10.50', '2.25']);
    expect(requestedPaths(fetchMock)).toEqual(['GET /api/v1/report/all-internal/volume?limit=10']);
  });

  it('shows the server message with Retry, which loads again', async () => {
    const fetchMock = stubFetch({
      '/api/reports': failure(403, 'FORBIDDEN', 'You are not allowed to do this.'),
    });
    renderUrlGrid('/api/reports');

    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
    stubFetch({ '/api/reports': ok(reportRows) });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(columnTexts('Name')).toEqual(['Harbor', 'Summit']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refetches on Refresh', async () => {
    const fetchMock = stubFetch({ '/api/reports': ok([]) });
    renderUrlGrid('/api/reports');
    expect(await screen.findByText('No rows to show')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});

describe('DataGrid paging, columns, export and layouts', () => {
  it('pages 500 rows at a time', async () => {
    const many = Array.from({ length: 1200 }, (_, index) =>
      buildPayment({ id: `r${index}`, merchant: `Merchant ${index}` }),
    );
    renderGrid({ rows: many, paginate: true });

    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '1201');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(columnTexts('Merchant')[0]).toBe('Merchant 500');
    expect(bodyRows()[0]).toHaveAttribute('aria-rowindex', '502');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(columnTexts('Merchant')[0]).toBe('Merchant 1000');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('exports what the grid shows: visible columns in order, sorted rows, groups flattened', async () => {
    exportExcel.mockClear();
    renderGrid({ exportFileName: 'Payments.xlsx' });

    await userEvent.click(screen.getByRole('button', { name: 'Fee column menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Hide column' }));
    await userEvent.click(headerLabel('Amount'));
    await userEvent.click(screen.getByRole('button', { name: 'Status column menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Group by this column' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));

    expect(exportExcel).toHaveBeenCalledTimes(1);
    const [input] = exportExcel.mock.calls[0] as unknown as [
      { fileName: string; columns: { header: string }[]; rows: unknown[][] },
    ];
    expect(input.fileName).toBe('Payments.xlsx');
    expect(input.columns.map((column) => column.header)).toEqual([
      'Status',
      'Merchant',
      'Amount',
      'Created',
      'Settled',
    ]);
    // Sorted by Amount: groups by their sums (114.99 before 1,120.30), rows within each group.
    expect(input.rows).toEqual([
      ['Inactive', 'Copper Kettle', 15, '2024-02-10 07:00:00', false],
      ['Inactive', 'Blue River Pay', 99.99, '2024-02-28 18:59:00', true],
      ['Active', 'Harbor Lane Coffee', 0.2, '2024-03-02 04:15:00', false],
      ['Active', 'Harbor Lane Coffee', 120.1, '2024-02-29 22:00:00', true],
      ['Active', 'Summit Books', 1000, '2024-01-05 13:30:00', true],
    ]);
  });

  it('hides, orders and pins columns from the Columns tool', async () => {
    renderGrid();
    const headers = () =>
      screen.getAllByRole('columnheader').map((header) => header.getAttribute('title') ?? header.textContent);

    await userEvent.click(screen.getByRole('button', { name: 'Filters & Columns' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fee' }));
    expect(screen.queryByRole('columnheader', { name: /^Fee/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Move Amount up' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Pin Settled' }), 'left');
    expect(headers().map((text) => text?.replace(/[▲▼\d]/g, ''))).toEqual([
      'Settled',
      'Merchant',
      'Amount',
      'Status',
      'Created',
    ]);
    expect(screen.getByRole('columnheader', { name: /^Settled/ }).style.left).toBe('0px');
  });

  it('resizes a column from the keyboard', async () => {
    renderGrid();
    const handle = screen.getByRole('separator', { name: 'Resize Merchant' });
    expect(handle).toHaveAttribute('aria-valuenow', '180');

    handle.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('separator', { name: 'Resize Merchant' })).toHaveAttribute(
      'aria-valuenow',
      '212',
    );
  });

  it('gives its state as a saved layout and applies one', async () => {
    const apiRef = createRef<DataGridApi>();
    renderGrid({ apiRef, configKey: 'payments' });
    expect(screen.getByText('Layouts of payments')).toBeInTheDocument();

    await userEvent.click(headerLabel('Fee'));
    const layout = apiRef.current?.getLayout();
    expect(layout?.sortModel).toEqual([{ colId: 'fee', sort: 'asc' }]);
    expect(layout?.columns.map((column) => column.colId)).toEqual([
      'merchant',
      'status',
      'amount',
      'fee',
      'createdAt',
      'isSettled',
    ]);

    const saved: GridLayout = {
      version: 'v2',
      columns: [
        { colId: 'amount', width: 200 },
        { colId: 'merchant', hide: true },
      ],
      filters: { amount: { filterType: 'number', min: 50 } },
      sortModel: [{ colId: 'amount', sort: 'desc' }],
      pivotMode: false,
      columnGroupState: [],
    };
    await waitFor(() => apiRef.current?.applyLayout(saved));
    await waitFor(() => expect(columnTexts('Amount')).toEqual(['1,000.00', '120.10', '99.99']));
    expect(screen.queryByRole('columnheader', { name: /^Merchant/ })).not.toBeInTheDocument();
    expect(apiRef.current?.getFilteredRowCount()).toBe(3);
  });
});

describe('DataGrid rows streamed in', () => {
  it('applies the filter and sort to rows appended to the ones it shows, and starts over on other rows', async () => {
    const apiRef = createRef<DataGridApi>();
    const props = { columns: paymentColumns, getRowId: paymentId, timeZone: 'UTC', apiRef };
    const first = payments.slice(0, 3);
    const { rerender } = render(withMantine(<DataGrid<Payment> rows={first} {...props} />));
    const filtered: GridLayout = {
      version: 'v2',
      columns: paymentColumns.map((column) => ({ colId: column.id })),
      filters: { amount: { filterType: 'number', min: 50 } },
      sortModel: [{ colId: 'amount', sort: 'desc' }],
      pivotMode: false,
      columnGroupState: [],
    };
    await waitFor(() => apiRef.current?.applyLayout(filtered));
    await waitFor(() => expect(columnTexts('Amount')).toEqual(['1,000.00', '120.10']));

    // Load All appends in place and hands the grid a longer copy at each redraw.
    rerender(withMantine(<DataGrid<Payment> rows={[...first, ...payments.slice(3)]} {...props} />));
    await waitFor(() => expect(columnTexts('Amount')).toEqual(['1,000.00', '120.10', '99.99']));
    expect(apiRef.current?.getFilteredRowCount()).toBe(3);

    rerender(
      withMantine(
        <DataGrid<Payment>
          rows={[buildPayment({ id: 'n1', amount: '75.00' }), buildPayment({ id: 'n2', amount: '5.00' })]}
          {...props}
        />,
      ),
    );
    await waitFor(() => expect(columnTexts('Amount')).toEqual(['75.00']));
    expect(apiRef.current?.getFilteredRowCount()).toBe(1);
  });
});
