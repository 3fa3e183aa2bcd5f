import type { PermissionName } from '@portico/contracts/access/permission-names';
import type { ReportRow } from '@portico/contracts/transactions/report';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClassicReportPage } from './classic-report-page';
import {
  buildReportRow,
  gridRows,
  okResponse,
  renderReportingPage,
  stubReportingServer,
} from './reporting.test-support';

// A transaction shows what happened to it, offers only the actions that can still
// succeed, and links to its voids and refunds (and they to it). Item 2: signed amounts, one total.

const grid = 'Transaction Report';
const dayMs = 86_400_000;
const allMoneyRights: PermissionName[] = ['Reports', 'Void', 'Void Card', 'Refund Card'];

// Rows in the order the server answered them.
function rowAt(index: number): HTMLElement {
  const row = gridRows(grid)[index];
  if (!row) throw new Error(`no row ${index}`);
  return row;
}

function openDetail(row: HTMLElement) {
  const cell = row.querySelector('[role="gridcell"]');
  if (!cell) throw new Error('no cell');
  fireEvent.doubleClick(cell);
  return screen.findByRole('dialog', { name: 'Transaction Details' });
}

// A same-day sale, voided once the void goes through: the report then holds the void row and the
// sale carries undone_by.
function voidScenario() {
  const createdAt = new Date().toISOString();
  const sale = buildReportRow({ created_at: createdAt, amount: '100.00' });
  const voidRow = buildReportRow({
    created_at: createdAt,
    amount: '100.00',
    type: 'void',
    action: 'void',
    action_mode: 'void',
    fee: '0.00',
    data: { api_response: { original_transaction_id: sale[1].id }, third_party_api_response: null },
  });
  const voidedSale: ReportRow = [
    sale[0],
    {
      ...sale[1],
      undone_by: [{ id: voidRow[1].id, type: 'void', amount: '100.00', created_at: voidRow[1].created_at }],
    },
    sale[2],
    sale[3],
  ];
  return { sale, voidRow, voidedSale };
}

describe('after a void', () => {
  it('toasts, marks the original Voided with no Void action, shows the void negative, and links the two', async () => {
    const { sale, voidRow, voidedSale } = voidScenario();
    let isVoided = false;
    const server = stubReportingServer({
      'GET /api/v1/report': () =>
        isVoided ? okResponse([voidRow, voidedSale], { total: 2 }) : okResponse([sale], { total: 1 }),
      'POST /api/void': () => {
        isVoided = true;
        return okResponse({
          id: voidRow[1].id,
          original_transaction_id: sale[1].id,
          type: 'void',
          amount: '100.00',
          created_at: voidRow[1].created_at,
        });
      },
      'GET /api/v1/report/transaction': (request) =>
        okResponse(request.query.get('id') === voidRow[1].id ? voidRow : voidedSale),
    });
    renderReportingPage(<ClassicReportPage />, { permissions: allMoneyRights });

    await waitFor(() => expect(gridRows(grid)).toHaveLength(1));
    await userEvent.click(within(rowAt(0)).getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Transaction' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void Transaction' }));
    expect(await screen.findByText('Void was successful.')).toBeInTheDocument();

    await waitFor(() => expect(gridRows(grid)).toHaveLength(2));
    const original = rowAt(1);
    expect(original).toHaveTextContent('Voided');
    expect(within(original).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(within(original).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    const voidLine = rowAt(0);
    expect(voidLine).toHaveTextContent('-$100.00');
    expect(voidLine).toHaveTextContent('Void');

    // The detail viewer says Voided, offers no Void, and opens the void, which opens the original.
    const detail = await openDetail(original);
    const happened = within(detail).getByRole('region', { name: 'What happened' });
    expect(happened).toHaveTextContent('Voided');
    expect(within(detail).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    await userEvent.click(within(happened).getByRole('button', { name: 'Open void' }));
    await waitFor(() => expect(within(detail).getByText(voidRow[1].id)).toBeInTheDocument());
    const voidDetail = screen.getByRole('dialog', { name: 'Transaction Details' });
    expect(within(voidDetail).getByRole('region', { name: 'Transaction' })).toHaveTextContent('-$100.00');
    await userEvent.click(within(voidDetail).getByRole('button', { name: 'Open original transaction' }));
    await waitFor(() => expect(within(voidDetail).getByText(sale[1].id)).toBeInTheDocument());
    const opened = server.requests.filter((request) => request.path === '/api/v1/report/transaction');
    expect(opened.map((request) => request.query.get('id'))).toEqual([voidRow[1].id, sale[1].id]);
  });
});

describe('after refunds', () => {
  function refunded(amounts: readonly string[]): ReportRow {
    const createdAt = new Date(Date.now() - 7 * dayMs).toISOString();
    const sale = buildReportRow({ created_at: createdAt, amount: '100.00' });
    return [
      sale[0],
      {
        ...sale[1],
        undone_by: amounts.map((amount, index) => ({
          id: `0b7e8f8e-4a44-4a5e-9d2c-9a1c5d2e7f1${index}`,
          type: 'refund',
          amount,
          created_at: new Date().toISOString(),
        })),
      },
      sale[2],
      sale[3],
    ];
  }

  it('says Partially refunded with the amount left, and still offers Refund; Refunded offers nothing', async () => {
    const partial = refunded(['30.00', '10.00']);
    const full = refunded(['100.00']);
    stubReportingServer({ 'GET /api/v1/report': () => okResponse([partial, full], { total: 2 }) });
    renderReportingPage(<ClassicReportPage />, { permissions: allMoneyRights });

    await waitFor(() => expect(gridRows(grid)).toHaveLength(2));
    const [partialRow, fullRow] = gridRows(grid);
    if (!partialRow || !fullRow) throw new Error('rows missing');
    expect(partialRow).toHaveTextContent('Partially refunded ($60.00 left to refund)');
    expect(within(partialRow).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(fullRow).toHaveTextContent('Refunded');
    expect(within(fullRow).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();

    const detail = await openDetail(partialRow);
    expect(within(detail).getByRole('region', { name: 'What happened' })).toHaveTextContent(
      'Partially refunded$60.00 left to refund',
    );
    expect(within(detail).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
  });
});

describe('classic report totals', () => {
  it('total by the gross and net rule and name it', async () => {
    const { sale, voidRow, voidedSale } = voidScenario();
    const other = buildReportRow({ amount: '1234.56' });
    stubReportingServer({
      'GET /api/v1/report': () => okResponse([voidRow, voidedSale, other], { total: 3 }),
    });
    renderReportingPage(<ClassicReportPage />, { permissions: ['Reports', 'Reports - Advanced Fields'] });
    await waitFor(() => expect(gridRows(grid)).toHaveLength(3));
    expect(sale[1].amount).toBe('100.00');
    // The sale and its void cancel out; the other sale's fee (3.20) comes off for net.
    const totals = await screen.findByTestId('data-grid-totals');
    await waitFor(() => expect(totals).toHaveTextContent('Gross total $1,234.56'));
    expect(totals).toHaveTextContent('Net total $1,228.16');
    expect(totals).toHaveTextContent('Count 3');
    expect(totals).toHaveTextContent('Excluding failed and declined');
  });
});
