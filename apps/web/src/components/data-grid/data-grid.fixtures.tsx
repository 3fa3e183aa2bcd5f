import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '../../test/app-parts';
import { DataGrid } from './data-grid';
import type { DataGridColumn, DataGridCommonProps, DataGridRowsSource } from './data-grid.types';

// Shared fixtures of the DataGrid component tests.
export type Payment = {
  id: string;
  merchant: string;
  status: 'active' | 'inactive';
  amount: string;
  fee: number;
  createdAt: string;
  isSettled: boolean;
};

export const payments: Payment[] = [
  {
    id: 'p1',
    merchant: 'Harbor Lane Coffee',
    status: 'active',
    amount: '120.10',
    fee: 3,
    createdAt: '2024-03-01T03:00:00Z',
    isSettled: true,
  },
  {
    id: 'p2',
    merchant: 'Copper Kettle',
    status: 'inactive',
    amount: '15.00',
    fee: 1,
    createdAt: '2024-02-10T12:00:00Z',
    isSettled: false,
  },
  {
    id: 'p3',
    merchant: 'Summit Books',
    status: 'active',
    amount: '1000.00',
    fee: 12,
    createdAt: '2024-01-05T18:30:00Z',
    isSettled: true,
  },
  {
    id: 'p4',
    merchant: 'Harbor Lane Coffee',
    status: 'active',
    amount: '0.20',
    fee: 3,
    createdAt: '2024-03-02T09:15:00Z',
    isSettled: false,
  },
  {
    id: 'p5',
    merchant: 'Blue River Pay',
    status: 'inactive',
    amount: '99.99',
    fee: 2,
    createdAt: '2024-02-28T23:59:00Z',
    isSettled: true,
  },
];

export const paymentColumns: DataGridColumn<Payment>[] = [
  { id: 'merchant', header: 'Merchant', kind: 'text', value: (row) => row.merchant },
  {
    id: 'status',
    header: 'Status',
    kind: 'enum',
    value: (row) => row.status,
    enumLabels: { active: 'Active', inactive: 'Inactive' },
  },
  { id: 'amount', header: 'Amount', kind: 'money', value: (row) => row.amount },
  { id: 'fee', header: 'Fee', kind: 'number', value: (row) => row.fee },
  { id: 'createdAt', header: 'Created', kind: 'datetime', value: (row) => row.createdAt },
  { id: 'isSettled', header: 'Settled', kind: 'boolean', value: (row) => row.isSettled },
];

export function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'p0',
    merchant: 'Harbor Lane Coffee',
    status: 'active',
    amount: '10.00',
    fee: 1,
    createdAt: '2024-03-01T03:00:00Z',
    isSettled: true,
    ...overrides,
  };
}

export const paymentId = (row: Payment) => row.id;

// env="test": Mantine's menus open without transitions or portals under happy-dom.
export function withMantine(ui: ReactElement) {
  return (
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>
  );
}

// Data rows in display order (not the header rows: those hold column headers).
export function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.querySelector('[role="columnheader"]') === null);
}

export function columnTexts(header: string): string[] {
  const heading = screen.getByRole('columnheader', { name: new RegExp(`^${header}`) });
  const colIndex = heading.getAttribute('aria-colindex');
  return bodyRows().map(
    (row) => row.querySelector(`[role="gridcell"][aria-colindex="${colIndex}"]`)?.textContent ?? '',
  );
}

export function headerLabel(header: string): HTMLElement {
  return within(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).getByTitle(header);
}

export function filterSection(header: string): HTMLElement {
  const panel = screen.getByRole('complementary', { name: 'Filters and columns' });
  return within(panel).getByRole('button', { name: header });
}

type PaymentGridProps = Partial<DataGridCommonProps<Payment>> &
  Partial<Pick<DataGridRowsSource<Payment>, 'rows' | 'isLoading' | 'error' | 'onRefresh'>>;

// The payments grid in New York time; the test file mocks the export and layouts modules.
export function renderGrid(props: PaymentGridProps = {}) {
  return render(
    withMantine(
      <DataGrid<Payment>
        rows={payments}
        columns={paymentColumns}
        getRowId={paymentId}
        timeZone="America/New_York"
        {...props}
      />,
    ),
  );
}
