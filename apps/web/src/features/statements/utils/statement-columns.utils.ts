import { processorLabels } from '@portico/contracts/common/processors';
import { payoutLineKindLabels } from '@portico/contracts/statements/payout-lines';
import {
  type DailyTransactionRow,
  type PayoutLineRow,
  type PayoutRow,
  type PayoutTransactionRow,
  type ProcessorFeeWireRow,
  payoutStatusLabels,
  type StatementLineRow,
  type StatementRow,
} from '@portico/contracts/statements/statements';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

const money = { kind: 'money', hasCurrencySign: true } as const;

// Statement page rows: type, pricing, transactions, gross, fees, flatfee, itemfee, net.
export const statementLineColumns: readonly DataGridColumn<StatementLineRow>[] = [
  { id: 'type', header: 'Type', kind: 'text', value: (r) => r.type, width: 160 },
  { id: 'pricing', header: 'Pricing', kind: 'text', value: (r) => r.pricing ?? '', width: 130 },
  { id: 'transactions', header: 'Transactions', kind: 'number', value: (r) => r.transactions, decimals: 0 },
  { id: 'gross', header: 'Gross', ...money, value: (r) => r.gross },
  { id: 'fees', header: 'Fees', ...money, value: (r) => r.fees },
  { id: 'flatfee', header: 'Flat Fee', ...money, value: (r) => r.flatfee },
  { id: 'itemfee', header: 'Item Fee', ...money, value: (r) => r.itemfee },
  { id: 'net', header: 'Net', ...money, value: (r) => r.net },
];

// Statements tab rows.
export const statementRowColumns: readonly DataGridColumn<StatementRow>[] = [
  { id: 'merchant_name', header: 'Merchant', kind: 'text', value: (r) => r.merchant_name, width: 220 },
  { id: 'month_year', header: 'Month', kind: 'text', value: (r) => r.month_year, width: 100 },
  { id: 'total_amount', header: 'Total Amount', ...money, value: (r) => r.total_amount },
  {
    id: 'total_transactions',
    header: 'Total Transactions',
    kind: 'number',
    value: (r) => r.total_transactions,
    decimals: 0,
  },
  { id: 'total_fees', header: 'Total Fees', ...money, value: (r) => r.total_fees },
  { id: 'total_adjustments', header: 'Total Adjustments', ...money, value: (r) => r.total_adjustments },
  {
    id: 'charge_backs_and_reversals_total',
    header: 'Chargebacks and Reversals',
    ...money,
    value: (r) => r.charge_backs_and_reversals_total,
  },
  { id: 'net', header: 'Net', ...money, value: (r) => r.net },
];

export const dailyTransactionColumns: readonly DataGridColumn<DailyTransactionRow>[] = [
  { id: 'transaction_day', header: 'Day', kind: 'text', value: (r) => r.transaction_day, width: 120 },
  {
    id: 'total_transactions',
    header: 'Transactions',
    kind: 'number',
    value: (r) => r.total_transactions,
    decimals: 0,
  },
  { id: 'total_processed', header: 'Processed', ...money, value: (r) => r.total_processed },
  { id: 'total_fees', header: 'Fees', ...money, value: (r) => r.total_fees },
  { id: 'total_adjustments', header: 'Adjustments', ...money, value: (r) => r.total_adjustments },
  { id: 'total_chargebacks', header: 'Chargebacks', ...money, value: (r) => r.total_chargebacks },
];

export const processorFeeColumns: readonly DataGridColumn<ProcessorFeeWireRow>[] = [
  {
    id: 'STATEMENT_DATE',
    header: 'Statement Date',
    kind: 'text',
    value: (r) => r.STATEMENT_DATE,
    width: 130,
  },
  {
    id: 'DETAIL_DESCRIPTION',
    header: 'Description',
    kind: 'text',
    value: (r) => r.DETAIL_DESCRIPTION,
    width: 240,
  },
  { id: 'ITEM_COUNT', header: 'Items', kind: 'number', value: (r) => r.ITEM_COUNT, decimals: 0 },
  { id: 'VOLUME', header: 'Volume', ...money, value: (r) => r.VOLUME },
  {
    id: 'R_RATE1',
    header: 'Rate %',
    kind: 'number',
    value: (r) => Number(r.R_RATE1),
    decimals: 4,
    isTotalled: false,
  },
  { id: 'R_RATE2', header: 'Per Item', ...money, value: (r) => r.R_RATE2, isTotalled: false },
  { id: 'R_TOTAL', header: 'Total', ...money, value: (r) => r.R_TOTAL },
];

// Merchant, then the amount, so a phone's first screen shows both; processors by their names.
export const payoutColumns: readonly DataGridColumn<PayoutRow>[] = [
  { id: 'merchant_name', header: 'Merchant', kind: 'text', value: (r) => r.merchant_name, width: 170 },
  { id: 'amount', header: 'Amount', ...money, value: (r) => r.payout_details.amount, width: 130 },
  { id: 'payout_date', header: 'Payout Date', kind: 'text', value: (r) => r.payout_date, width: 120 },
  {
    id: 'processor',
    header: 'Processor',
    kind: 'enum',
    enumLabels: processorLabels,
    value: (r) => r.payout_details.processor,
  },
  {
    id: 'status',
    header: 'Status',
    kind: 'enum',
    enumLabels: payoutStatusLabels,
    value: (r) => r.payout_details.status,
  },
  {
    id: 'statement_month',
    header: 'Statement',
    kind: 'text',
    value: (r) => r.payout_details.statement_month,
    width: 110,
  },
];

export const payoutTransactionColumns = (
  timeZone: string,
): readonly DataGridColumn<PayoutTransactionRow>[] => [
  {
    id: 'transaction_date',
    header: `Date (${timeZone})`,
    kind: 'datetime',
    value: (r) => r.transaction_date,
    dateFormat: 'yyyy-mm-dd hh:mm',
    width: 170,
  },
  {
    id: 'trans_description',
    header: 'Description',
    kind: 'text',
    value: (r) => r.trans_description,
    width: 220,
  },
  { id: 'auth_amount', header: 'Auth Amount', ...money, value: (r) => r.auth_amount },
  { id: 'net_amount', header: 'Net Amount', ...money, value: (r) => r.net_amount },
];

// A payout's lines: each signed as the payout feels it (a fee or refund is negative).
export const payoutLineColumns = (timeZone: string): readonly DataGridColumn<PayoutLineRow>[] => [
  {
    id: 'transaction_date',
    header: `Date (${timeZone})`,
    kind: 'datetime',
    value: (r) => r.transaction_date,
    dateFormat: 'yyyy-mm-dd hh:mm',
    width: 170,
  },
  {
    id: 'kind',
    header: 'Line',
    kind: 'enum',
    enumLabels: payoutLineKindLabels,
    value: (r) => r.kind,
    width: 130,
  },
  {
    id: 'trans_description',
    header: 'Description',
    kind: 'text',
    value: (r) => r.trans_description,
    width: 220,
  },
  { id: 'amount', header: 'Amount', ...money, value: (r) => r.amount },
];

// The detail of a master row is 30 px per row plus 2 rows plus 120, within 400 to 3500.
export function statementDetailHeight(rowCount: number): number {
  return Math.min(3500, Math.max(400, (rowCount + 2) * 30 + 120));
}
