import type { PermissionName } from '@portico/contracts/access/permission-names';
import { ReportTransactionText } from '@portico/contracts/transactions/report';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClassicReportPage } from './classic-report-page';
import {
  buildReportRow,
  errorResponse,
  type FakeHandler,
  gridRows,
  okResponse,
  renderReportingPage,
  stubReportingServer,
} from './reporting.test-support';

const grid = 'Transaction Report';
const dayMs = 86_400_000;

// Today's sale can be voided; last week's can be refunded.
function reportWithTodayAndLastWeek() {
  const today = buildReportRow({ created_at: new Date().toISOString(), amount: '100.00' });
  const lastWeek = buildReportRow({
    created_at: new Date(Date.now() - 7 * dayMs).toISOString(),
    amount: '100.00',
  });
  return { today, lastWeek, rows: [today, lastWeek] };
}

const allMoneyRights: PermissionName[] = ['Reports', 'Void', 'Void Card', 'Refund Card'];

function undoAnswer(originalId: string, type: 'void' | 'refund', amount: string) {
  return okResponse({
    id: '99999999-9999-4999-8999-999999999999',
    original_transaction_id: originalId,
    type,
    amount,
    created_at: new Date().toISOString(),
  });
}

function renderReport(permissions: PermissionName[], handlers: Record<string, FakeHandler> = {}) {
  const report = reportWithTodayAndLastWeek();
  const server = stubReportingServer({
    'GET /api/v1/report': () => okResponse(report.rows, { total: 2 }),
    ...handlers,
  });
  renderReportingPage(<ClassicReportPage />, { permissions });
  return { ...report, server };
}

function rowButtons(name: string) {
  return within(screen.getByRole('grid', { name: grid })).queryAllByRole('button', { name });
}

describe('void and refund columns', () => {
  it('are hidden without the permissions', async () => {
    renderReport(['Reports']);
    await waitFor(() => expect(gridRows(grid)).toHaveLength(2));
    expect(screen.queryByRole('columnheader', { name: /^Void/ })).not.toBeInTheDocument();
    expect(rowButtons('Void')).toHaveLength(0);
    expect(rowButtons('Refund')).toHaveLength(0);
  });

  it('offer Void on the same Eastern day and Refund after it', async () => {
    renderReport(allMoneyRights);
    await waitFor(() => expect(gridRows(grid)).toHaveLength(2));
    const [todayRow, lastWeekRow] = gridRows(grid);
    if (!todayRow || !lastWeekRow) throw new Error('rows missing');
    expect(within(todayRow).getByRole('button', { name: 'Void' })).toBeInTheDocument();
    expect(within(todayRow).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(within(lastWeekRow).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(lastWeekRow).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });
});

describe('void dialog', () => {
  it('sends one Idempotency-Key per attempt, shows the server message or the exact text, and closes on success', async () => {
    let attempt = 0;
    const { today, server } = renderReport(allMoneyRights, {
      'POST /api/void': () => {
        attempt += 1;
        if (attempt === 1) {
          return errorResponse(
            422,
            'VOID_WINDOW_PASSED',
            'A transaction can be voided only on the day it was made.',
          );
        }
        if (attempt === 2) throw new TypeError('Failed to fetch');
        return undoAnswer('12345678-1234-4234-8234-123456789012', 'void', '100.00');
      },
    });
    await waitFor(() => expect(rowButtons('Void')).toHaveLength(1));
    await userEvent.click(rowButtons('Void')[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Void Transaction' });
    const submit = within(dialog).getByRole('button', { name: 'Void Transaction' });

    await userEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A transaction can be voided only on the day it was made.',
    );
    await userEvent.click(submit);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to void transaction'),
    );
    const reportCallsBefore = server.reportRequests().length;
    await userEvent.click(submit);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Void Transaction' })).not.toBeInTheDocument(),
    );

    const voids = server.requests.filter((request) => request.path === '/api/void');
    expect(voids.map((request) => request.body)).toEqual([
      { id: today[1].id },
      { id: today[1].id },
      { id: today[1].id },
    ]);
    const keys = voids.map((request) => request.headers.get('Idempotency-Key'));
    // A refusal ends an attempt; a lost answer keeps its key for the retry.
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe(keys[1]);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    // The list refreshes.
    await waitFor(() => expect(server.reportRequests().length).toBeGreaterThan(reportCallsBefore));
  });
});

describe('refund dialog', () => {
  it('refunds in full by default, with the amount fixed', async () => {
    const { lastWeek, server } = renderReport(allMoneyRights, {
      'POST /api/refund': () => undoAnswer(lastWeek[1].id, 'refund', '100.00'),
    });
    await waitFor(() => expect(rowButtons('Refund')).toHaveLength(1));
    await userEvent.click(rowButtons('Refund')[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    // The payment by its amount and time, never by its id.
    expect(
      within(dialog).getByText(/^The \$100\.00 transaction of \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \S+/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(new RegExp(lastWeek[1].id))).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Full refund' })).toBeChecked();
    const amount = within(dialog).getByRole('spinbutton', { name: 'Refund Amount' });
    expect(amount).toHaveValue(100);
    expect(amount).toHaveAttribute('readonly');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('min', '0');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund was successful.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Refund Transaction' })).not.toBeInTheDocument(),
    );
    const refund = server.requests.find((request) => request.path === '/api/refund');
    expect(refund?.body).toEqual({ id: lastWeek[1].id });
    expect(refund?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('checks a partial amount, sends it, and shows why the server refused', async () => {
    const { lastWeek, server } = renderReport(allMoneyRights, {
      'POST /api/refund': () =>
        errorResponse(422, 'REFUND_GREATER_THAN_AMOUNT', 'Refund can not be greater than transaction amount'),
    });
    await waitFor(() => expect(rowButtons('Refund')).toHaveLength(1));
    await userEvent.click(rowButtons('Refund')[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Partial refund' }));
    const amount = within(dialog).getByRole('spinbutton', { name: 'Refund Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Refund can not be greater than transaction amount'),
    ).toBeInTheDocument();
    expect(server.requests.some((request) => request.path === '/api/refund')).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Refund can not be greater than transaction amount',
    );
    const refund = server.requests.find((request) => request.path === '/api/refund');
    expect(refund?.body).toEqual({ id: lastWeek[1].id, amount: '25.00' });
  });

  it("says 'Refund failed. Please try again.' when no answer came", async () => {
    renderReport(allMoneyRights, {
      'POST /api/refund': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await waitFor(() => expect(rowButtons('Refund')).toHaveLength(1));
    await userEvent.click(rowButtons('Refund')[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Refund failed. Please try again.');
  });
});

describe('transaction detail', () => {
  function openDetailOfFirstRow() {
    const [row] = gridRows(grid);
    const cell = row?.querySelector('[role="gridcell"]');
    if (!cell) throw new Error('no cell');
    fireEvent.doubleClick(cell);
    return screen.findByRole('dialog', { name: 'Transaction Details' });
  }

  it('opens on a single click, as the hint above the grid says, and not from a button in the row', async () => {
    renderReport(allMoneyRights);
    await waitFor(() => expect(gridRows(grid)).toHaveLength(2));
    expect(
      screen.getByText('Click a transaction to open its details, receipt, void and refund.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowButtons('Refund')).toHaveLength(1));
    await userEvent.click(rowButtons('Refund')[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Refund Transaction' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Transaction Details' })).not.toBeInTheDocument();
  });

  it('opens from one click on a cell', async () => {
    renderReport(['Reports']);
    await waitFor(() => expect(gridRows(grid)).toHaveLength(2));
    const cell = gridRows(grid)[0]?.querySelector('[role="gridcell"]');
    if (!cell) throw new Error('no cell');
    await userEvent.click(cell);
    expect(await screen.findByRole('dialog', { name: 'Transaction Details' })).toBeInTheDocument();
  });

  it('opens on double-click with the transaction, customer, settlement; Advanced Details only with REPORTS_ADVANCED', async () => {
    const { today } = renderReport(['Reports']);
    await waitFor(() => expect(gridRows(grid)).toHaveLength(2));
    const dialog = await openDetailOfFirstRow();
    expect(within(dialog).getByText(today[1].id)).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Customer' })).toHaveTextContent('ada@example.com');
    expect(within(dialog).getByRole('region', { name: 'Settlement' })).toHaveTextContent('$96.80');
    expect(within(dialog).queryByRole('region', { name: 'Advanced Details' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    // No refund rights: nothing to say about when Refund opens.
    expect(within(dialog).queryByText(ReportTransactionText.RefundOpensTomorrow)).not.toBeInTheDocument();
  });

  it('shows Advanced Details and the void action with the permissions, and opens the receipt in a new tab', async () => {
    const { today } = renderReport([...allMoneyRights, 'Reports - Advanced Fields']);
    await waitFor(() => expect(gridRows(grid)).toHaveLength(2));
    const dialog = await openDetailOfFirstRow();
    expect(within(dialog).getByRole('region', { name: 'Advanced Details' })).toHaveTextContent('$3.20');

    const receipt = within(dialog).getByRole('link', { name: 'Receipt' });
    expect(receipt).toHaveAttribute('href', `/receipt?id=${today[1].id}`);
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(receipt).toHaveAttribute('rel', 'noopener noreferrer');

    // Today's sale: Void now, and the detail says when Refund becomes available.
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(ReportTransactionText.RefundOpensTomorrow)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByRole('dialog', { name: 'Void Transaction' })).toBeInTheDocument();
  });
});
