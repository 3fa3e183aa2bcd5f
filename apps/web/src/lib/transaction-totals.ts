import { formatCentsAsMoney } from '@portico/contracts/money/money';
import type { ReportRow } from '@portico/contracts/transactions/report';
import type { SearchRow } from '@portico/contracts/transactions/search';
import { type SearchTotals, searchTotals, TotalsLabel } from '@portico/contracts/transactions/search-totals';
import { type Transaction, totalsItemOfTransaction } from '@portico/contracts/transactions/transaction';
import type { DataGridSummary, DataGridSummaryItem } from '../components/data-grid/data-grid.types';

const countFormat = new Intl.NumberFormat('en-US');

// The one total of a list of transactions (contracts search-totals: gross and net by the gross rule,
// failed and declined left out), named as it is shown in the grid footers and the search header.
export function transactionTotalsOf(transactions: Iterable<Transaction>): SearchTotals {
  const items = [];
  for (const transaction of transactions) items.push(totalsItemOfTransaction(transaction));
  return searchTotals(items);
}

export function totalsFiguresOf(totals: SearchTotals): DataGridSummaryItem[] {
  return [
    { label: TotalsLabel.Gross, value: formatCentsAsMoney(totals.grossCents) },
    ...(totals.netCents === null
      ? []
      : [{ label: TotalsLabel.Net, value: formatCentsAsMoney(totals.netCents) }]),
    { label: TotalsLabel.Average, value: formatCentsAsMoney(totals.averageCents) },
    { label: TotalsLabel.Count, value: countFormat.format(totals.count) },
  ];
}

export function totalsSummaryOf(transactions: Iterable<Transaction>): DataGridSummary {
  return { caption: `${TotalsLabel.Excluding}:`, items: totalsFiguresOf(transactionTotalsOf(transactions)) };
}

// The grids' summarizeRows for each row shape (module functions: the grid wants them stable).
export function summarizeReportRows(rows: readonly ReportRow[]): DataGridSummary {
  return totalsSummaryOf(rows.map((row) => row[1]));
}

export function summarizeSearchRows(rows: readonly SearchRow[]): DataGridSummary {
  return totalsSummaryOf(rows.map((row) => row.transaction_details));
}
