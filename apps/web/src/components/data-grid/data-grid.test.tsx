import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataGrid } from './data-grid';
import {
  bodyRows,
  columnTexts,
  filterSection,
  headerLabel,
  type Payment,
  paymentColumns,
  payments,
  renderGrid,
  withMantine,
} from './data-grid.fixtures';

const exportExcel = vi.fn(async () => {});
vi.mock('./export/use-excel-export', () => ({
  useExcelExport: () => ({ exportExcel, isExporting: false, progress: 0 }),
}));
vi.mock('./layouts/grid-layouts-bar', () => ({
  GridLayoutsBar: ({ configKey }: { configKey: string }) => <div>Layouts of {configKey}</div>,
}));

describe('DataGrid', () => {
  it('shows typed cells: money with 2 decimals, times in the user timezone, Yes/No, enum labels', () => {
    renderGrid();

    expect(screen.getByRole('grid', { name: 'Data grid' })).toHaveAttribute('aria-rowcount', '6');
    expect(columnTexts('Merchant')[0]).toBe('Harbor Lane Coffee');
    expect(columnTexts('Amount')).toEqual(['120.10', '15.00', '1,000.00', '0.20', '99.99']);
    // 03:00 UTC on 1 March is 22:00 on 29 February in New York, named EST.
    expect(columnTexts('Created')[0]).toBe('2024-02-29 22:00:00 EST');
    expect(columnTexts('Settled').slice(0, 2)).toEqual(['Yes', 'No']);
    expect(columnTexts('Status').slice(0, 2)).toEqual(['Active', 'Inactive']);
    expect(screen.getByTestId('data-grid')).toHaveAttribute('data-rendered-rows', '5');
    expect(screen.getByText('5 rows')).toBeInTheDocument();
  });

  it('counts one row in the singular', () => {
    renderGrid({ rows: payments.slice(0, 1) });
    expect(screen.getByText('1 row')).toBeInTheDocument();
  });

  it('sorts by a header click, reverses on the second, and adds a column with shift+click', async () => {
    renderGrid();

    await userEvent.click(headerLabel('Amount'));
    expect(columnTexts('Amount')).toEqual(['0.20', '15.00', '99.99', '120.10', '1,000.00']);
    expect(screen.getByRole('columnheader', { name: /^Amount/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(headerLabel('Amount'));
    expect(columnTexts('Amount')).toEqual(['1,000.00', '120.10', '99.99', '15.00', '0.20']);

    await userEvent.click(headerLabel('Fee'));
    await userEvent.click(headerLabel('Fee'));
    expect(columnTexts('Fee')).toEqual(['12', '3', '3', '2', '1']);
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(headerLabel('Merchant'));
    await user.keyboard('{/Shift}');
    // Fee descending, then Merchant ascending among equal fees.
    expect(columnTexts('Merchant')).toEqual([
      'Summit Books',
      'Harbor Lane Coffee',
      'Harbor Lane Coffee',
      'Blue River Pay',
      'Copper Kettle',
    ]);
    expect(screen.getByRole('columnheader', { name: /^Merchant/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('narrows the rows with the side panel filters', async () => {
    renderGrid({ showTotals: true });

    await userEvent.click(screen.getByRole('button', { name: 'Filters & Columns' }));
    await userEvent.click(filterSection('Merchant'));
    await userEvent.type(screen.getByLabelText('Merchant contains'), 'harbor');

    expect(columnTexts('Merchant')).toEqual(['Harbor Lane Coffee', 'Harbor Lane Coffee']);
    expect(screen.getByText('2 of 5 rows')).toBeInTheDocument();
    expect(screen.getByTestId('data-grid-totals')).toHaveTextContent(
      'Amount TOTAL 120.30 · AVG 60.15 · COUNT 2',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(bodyRows()).toHaveLength(5);
  });

  it('filters by a set of values and by a number range', async () => {
    renderGrid();
    await userEvent.click(screen.getByRole('button', { name: 'Filters & Columns' }));

    await userEvent.click(filterSection('Status'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    expect(columnTexts('Status')).toEqual(['Active', 'Active', 'Active']);

    await userEvent.click(filterSection('Amount'));
    await userEvent.type(screen.getByLabelText('Amount minimum'), '100');
    expect(columnTexts('Amount')).toEqual(['120.10', '1,000.00']);
    await userEvent.type(screen.getByLabelText('Amount maximum'), '500');
    expect(columnTexts('Amount')).toEqual(['120.10']);
  });

  it('shows TOTAL, AVG and COUNT of number and money columns with 2 decimals', () => {
    renderGrid({ showTotals: true });

    const totals = screen.getByTestId('data-grid-totals');
    expect(totals).toHaveTextContent('Amount TOTAL 1,235.29 · AVG 247.06 · COUNT 5');
    expect(totals).toHaveTextContent('Fee TOTAL 21.00 · AVG 4.20 · COUNT 5');
  });

  it('groups rows from the header menu, with sums in group rows, and ungroups from the chip', async () => {
    renderGrid();

    await userEvent.click(screen.getByRole('button', { name: 'Status column menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Group by this column' }));

    const groups = bodyRows();
    expect(groups).toHaveLength(2);
    expect(groups[0]).toHaveAttribute('aria-expanded', 'false');
    expect(groups[0]).toHaveTextContent('Active(3)');
    expect(columnTexts('Amount')).toEqual(['1,120.30', '114.99']);
    expect(columnTexts('Fee')).toEqual(['18', '3']);

    await userEvent.click(screen.getByRole('button', { name: 'Expand Active' }));
    expect(bodyRows()).toHaveLength(5);
    expect(columnTexts('Merchant').slice(1, 4)).toEqual([
      'Harbor Lane Coffee',
      'Summit Books',
      'Harbor Lane Coffee',
    ]);
    expect(bodyRows()[4]).toHaveTextContent('Inactive(2)');

    await userEvent.click(screen.getByRole('button', { name: 'Remove grouping by Status' }));
    expect(bodyRows()).toHaveLength(5);
    expect(screen.queryByRole('row', { expanded: false })).not.toBeInTheDocument();
  });

  it('nests group levels with their own sums and collapses them again', async () => {
    renderGrid({ defaultGrouping: ['status', 'merchant'] });

    expect(screen.getByRole('region', { name: 'Row groups' })).toHaveTextContent('Grouped byStatus›Merchant');
    await userEvent.click(screen.getByRole('button', { name: 'Expand Active' }));
    const rows = bodyRows();
    expect(rows.map((row) => row.getAttribute('aria-level'))).toEqual(['1', '2', '2', '1']);
    expect(rows[1]).toHaveTextContent('Harbor Lane Coffee(2)');
    expect(columnTexts('Amount')).toEqual(['1,120.30', '120.30', '1,000.00', '114.99']);

    await userEvent.click(screen.getByRole('button', { name: 'Expand Harbor Lane Coffee' }));
    expect(bodyRows()).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse Active' }));
    expect(bodyRows()).toHaveLength(2);
  });

  it('filters a date range in the user timezone, both days included', () => {
    renderGrid();
    fireEvent.click(screen.getByRole('button', { name: 'Filters & Columns' }));
    fireEvent.click(filterSection('Created'));

    // 2024-03-01T03:00Z is still 29 February in New York.
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2024-02-28' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2024-02-29' } });
    expect(columnTexts('Merchant')).toEqual(['Harbor Lane Coffee', 'Blue River Pay']);
  });

  it('groups by a header dropped on the group panel', () => {
    renderGrid();
    const types = ['application/x-portico-grid-column'];
    const dataTransfer = {
      types,
      getData: () => 'merchant',
      setData: vi.fn(),
      effectAllowed: 'move',
      dropEffect: 'move',
    };

    fireEvent.dragStart(headerLabel('Merchant'), { dataTransfer });
    const panel = screen.getByRole('region', { name: 'Row groups' });
    fireEvent.dragOver(panel, { dataTransfer });
    fireEvent.drop(panel, { dataTransfer });

    expect(dataTransfer.setData).toHaveBeenCalledWith('application/x-portico-grid-column', 'merchant');
    expect(bodyRows()).toHaveLength(4);
    expect(within(panel).getByText('Merchant')).toBeInTheDocument();
  });

  it('selects a row on click and reports clicks and double-clicks', async () => {
    const onRowClick = vi.fn();
    const onRowDoubleClick = vi.fn();
    renderGrid({ onRowClick, onRowDoubleClick });

    await userEvent.click(screen.getByText('Copper Kettle'));
    expect(onRowClick).toHaveBeenCalledWith(payments[1]);
    expect(bodyRows()[1]).toHaveAttribute('aria-selected', 'true');
    expect(bodyRows()[0]).toHaveAttribute('aria-selected', 'false');

    await userEvent.dblClick(screen.getByText('Summit Books'));
    expect(onRowDoubleClick).toHaveBeenCalledWith(payments[2]);
    expect(bodyRows()[2]).toHaveAttribute('aria-selected', 'true');
  });

  it('moves a visible focused cell with the keyboard; Enter is a double-click, Space selects', async () => {
    const onRowDoubleClick = vi.fn();
    const onRowClick = vi.fn();
    const onSelectionChange = vi.fn();
    renderGrid({ onRowDoubleClick, onRowClick, onSelectionChange });
    const grid = screen.getByRole('grid');
    const focusedText = () =>
      document.getElementById(grid.getAttribute('aria-activedescendant') ?? '')?.textContent;

    act(() => grid.focus());
    expect(grid).toHaveFocus();
    expect(focusedText()).toBe('Harbor Lane Coffee');

    await userEvent.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}');
    expect(focusedText()).toBe('15.00');
    await userEvent.keyboard('{End}');
    expect(focusedText()).toBe('No');
    await userEvent.keyboard('{Control>}{End}{/Control}');
    expect(focusedText()).toBe('Yes');
    await userEvent.keyboard('{Home}{PageUp}');
    expect(focusedText()).toBe('Harbor Lane Coffee');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onRowDoubleClick).toHaveBeenCalledWith(payments[1]);
    await userEvent.keyboard('{ArrowDown} ');
    expect(bodyRows()[2]).toHaveAttribute('aria-selected', 'true');
    expect(onSelectionChange).toHaveBeenLastCalledWith(payments[2]);
    // Space selects; it is not a click.
    expect(onRowClick).not.toHaveBeenCalled();

    // Up to the header row, where Enter sorts.
    await userEvent.keyboard('{Control>}{Home}{/Control}{ArrowUp}{ArrowRight}{ArrowRight}{Enter}');
    expect(focusedText()).toMatch(/^Amount/);
    expect(columnTexts('Amount')[0]).toBe('0.20');
  });

  it('draws column groups as a header row above the titles: one columnheader per group, spanning its columns', async () => {
    const grouped = paymentColumns.map((column) => ({
      ...column,
      group: ['merchant', 'status'].includes(column.id) ? 'Merchant' : 'Performance',
    }));
    renderGrid({ columns: grouped });
    const grid = screen.getByRole('grid');
    // Two header rows now: the data rows count from 3.
    expect(grid).toHaveAttribute('aria-rowcount', '7');
    const [groupRow, titleRow] = screen.getAllByRole('row');
    if (!groupRow || !titleRow) throw new Error('the grid has no header rows');
    expect(groupRow).toHaveAttribute('aria-rowindex', '1');
    expect(titleRow).toHaveAttribute('aria-rowindex', '2');
    expect(bodyRows()[0]).toHaveAttribute('aria-rowindex', '3');
    const groups = within(groupRow).getAllByRole('columnheader');
    expect(
      groups.map((cell) => [
        cell.textContent,
        cell.getAttribute('aria-colindex'),
        cell.getAttribute('aria-colspan'),
      ]),
    ).toEqual([
      ['Merchant', '1', '2'],
      ['Performance', '3', '4'],
    ]);
    expect(within(titleRow).getAllByRole('columnheader')).toHaveLength(6);
    expect(columnTexts('Amount')).toEqual(['120.10', '15.00', '1,000.00', '0.20', '99.99']);

    // The keyboard still walks the cells and the titles' row, where Enter sorts.
    const focusedText = () =>
      document.getElementById(grid.getAttribute('aria-activedescendant') ?? '')?.textContent;
    act(() => grid.focus());
    await userEvent.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}');
    expect(focusedText()).toBe('15.00');
    await userEvent.keyboard('{Control>}{Home}{/Control}{ArrowUp}{ArrowRight}{ArrowRight}{Enter}');
    expect(focusedText()).toMatch(/^Amount/);
    expect(columnTexts('Amount')[0]).toBe('0.20');
  });

  it('draws no group row when no column names a group', () => {
    renderGrid();
    expect(screen.getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1');
    expect(
      screen.getAllByRole('columnheader').filter((cell) => cell.hasAttribute('aria-colspan')),
    ).toHaveLength(0);
  });

  it('shows loading, then error with Retry, then the empty message, in that order', async () => {
    const onRefresh = vi.fn();
    const { rerender } = renderGrid({ isLoading: true, error: 'Broken' });
    expect(screen.getByRole('status', { name: 'Loading rows' })).toBeInTheDocument();
    expect(screen.queryByText('Broken')).not.toBeInTheDocument();

    rerender(
      withMantine(
        <DataGrid<Payment>
          rows={[]}
          columns={paymentColumns}
          error="The report failed."
          onRefresh={onRefresh}
        />,
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The report failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);

    rerender(withMantine(<DataGrid<Payment> rows={[]} columns={paymentColumns} />));
    expect(screen.getByText('No rows to show')).toBeInTheDocument();

    // A page may say why its grid is empty instead.
    rerender(
      withMantine(
        <DataGrid<Payment> rows={[]} columns={paymentColumns} emptyText="No payments this week." />,
      ),
    );
    expect(screen.getByText('No payments this week.')).toBeInTheDocument();
    expect(screen.queryByText('No rows to show')).not.toBeInTheDocument();
  });
});
