import type { ExportColumnDefinition } from '../transactions/report-export-columns';
import { centsOfMoneyText } from '../transactions/transaction';
import type { StatementRow } from './statements';

// What the Statement grid's row shows of a posted statement: its merchant, month and totals (the
// figures, reconciliation, daily rows and processor fees stay in the panels under the grid).
export type StatementExportRow = Pick<
  StatementRow,
  | 'merchant_id'
  | 'merchant_name'
  | 'month_year'
  | 'total_amount'
  | 'total_transactions'
  | 'total_fees'
  | 'total_adjustments'
  | 'charge_backs_and_reversals_total'
  | 'net'
>;

const money = (id: string, header: string, text: (row: StatementExportRow) => string) =>
  ({
    id,
    header,
    kind: 'money',
    value: (row: StatementExportRow) => centsOfMoneyText(text(row)),
  }) as const;

// The Statement grid's columns as a server-side export writes them: the same ids, headers and values
// as the portal's grid (apps/web statement-columns.utils.ts statementRowColumns; a web test holds the
// two together).
export const statementExportColumns: readonly ExportColumnDefinition<StatementExportRow>[] = [
  { id: 'merchant_name', header: 'Merchant', kind: 'text', value: (row) => row.merchant_name },
  { id: 'month_year', header: 'Month', kind: 'text', value: (row) => row.month_year },
  money('total_amount', 'Total Amount', (row) => row.total_amount),
  {
    id: 'total_transactions',
    header: 'Total Transactions',
    kind: 'number',
    value: (row) => row.total_transactions,
  },
  money('total_fees', 'Total Fees', (row) => row.total_fees),
  money('total_adjustments', 'Total Adjustments', (row) => row.total_adjustments),
  money(
    'charge_backs_and_reversals_total',
    'Chargebacks and Reversals',
    (row) => row.charge_backs_and_reversals_total,
  ),
  money('net', 'Net', (row) => row.net),
];
