import type { SubpricingRow } from '@portico/contracts/clients/subpricing';
import type { OperationsAlert } from '@portico/contracts/dashboard/alerts';
import {
  type DocumentsReportRow,
  type MccReportRow,
  operationsTypeLabels,
  type PayoutReportRow,
  type RevshareReportRow,
  type SubpricingReportRow,
} from '@portico/contracts/operations/operations-reports';
import { payoutStatusLabels } from '@portico/contracts/statements/statements';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

// The Operations grid: id (hidden), Name, Type, Result, Created.
export const operationsColumns: readonly DataGridColumn<OperationsAlert>[] = [
  { id: 'id', header: 'ID', kind: 'text', value: (row) => row.id, hidden: true },
  { id: 'name', header: 'Name', kind: 'text', value: (row) => row.name, width: 240 },
  {
    id: 'type',
    header: 'Type',
    kind: 'enum',
    enumLabels: operationsTypeLabels,
    value: (row) => row.type,
    width: 140,
  },
  { id: 'result', header: 'Result', kind: 'text', value: (row) => row.result, width: 320 },
  { id: 'created_at', header: 'Created', kind: 'datetime', value: (row) => row.created_at, width: 210 },
];

export const revshareColumns: readonly DataGridColumn<RevshareReportRow>[] = [
  {
    id: 'sub_merchant_name',
    header: 'Merchant',
    kind: 'text',
    value: (row) => row.sub_merchant_name,
    width: 220,
  },
  { id: 'parent_name', header: 'Parent', kind: 'text', value: (row) => row.parent_name, width: 200 },
  {
    id: 'transaction_month',
    header: 'Month',
    kind: 'text',
    value: (row) => row.transaction_month,
    width: 100,
  },
  { id: 'transactions', header: 'Transactions', kind: 'number', value: (row) => row.transactions },
  {
    id: 'total_transaction_amount',
    header: 'Total Amount',
    kind: 'money',
    value: (row) => row.total_transaction_amount,
    hasCurrencySign: true,
  },
  {
    id: 'total_transaction_fee',
    header: 'Total Fees',
    kind: 'money',
    value: (row) => row.total_transaction_fee,
    hasCurrencySign: true,
  },
  {
    id: 'rev_share',
    header: 'Rev Share %',
    kind: 'number',
    value: (row) => Number(row.rev_share),
    decimals: 2,
    isTotalled: false,
  },
  { id: 'payout', header: 'Payout', kind: 'money', value: (row) => row.payout, hasCurrencySign: true },
];

export const payoutColumns: readonly DataGridColumn<PayoutReportRow>[] = [
  { id: 'merchant', header: 'Merchant', kind: 'text', value: (row) => row.merchant, width: 240 },
  { id: 'payout_date', header: 'Payout Date', kind: 'date', value: (row) => row.payout_date },
  { id: 'amount', header: 'Amount', kind: 'money', value: (row) => row.amount, hasCurrencySign: true },
  { id: 'processor', header: 'Processor', kind: 'text', value: (row) => row.processor, width: 120 },
  {
    id: 'status',
    header: 'Status',
    kind: 'enum',
    enumLabels: payoutStatusLabels,
    value: (row) => row.status,
    width: 110,
  },
  { id: 'created_at', header: 'Created', kind: 'datetime', value: (row) => row.created_at, width: 210 },
];

export const subpricingColumns: readonly DataGridColumn<SubpricingReportRow>[] = [
  { id: 'client', header: 'Client', kind: 'text', value: (row) => row.client, width: 240 },
  { id: 'label', header: 'Label', kind: 'text', value: (row) => row.label ?? '', width: 180 },
  { id: 'mccCode', header: 'MCC', kind: 'text', value: (row) => row.mccCode, width: 90 },
  { id: 'card_rate', header: 'Card Rate', kind: 'text', value: (row) => row.card_rate ?? '', width: 130 },
  { id: 'ach_rate', header: 'ACH Rate', kind: 'text', value: (row) => row.ach_rate ?? '', width: 130 },
  {
    id: 'crypto_rate',
    header: 'Crypto Rate',
    kind: 'text',
    value: (row) => row.crypto_rate ?? '',
    width: 130,
  },
  { id: 'card_p2c', header: 'Card P2C', kind: 'boolean', value: (row) => row.card_p2c, width: 100 },
  { id: 'ach_p2c', header: 'ACH P2C', kind: 'boolean', value: (row) => row.ach_p2c, width: 100 },
  { id: 'crypto_p2c', header: 'Crypto P2C', kind: 'boolean', value: (row) => row.crypto_p2c, width: 110 },
  {
    id: 'avg_ticket',
    header: 'Average Ticket',
    kind: 'money',
    value: (row) => row.avg_ticket ?? '',
    hasCurrencySign: true,
    isTotalled: false,
  },
  {
    id: 'high_ticket',
    header: 'High Ticket',
    kind: 'money',
    value: (row) => row.high_ticket ?? '',
    hasCurrencySign: true,
    isTotalled: false,
  },
];

export const mccColumns: readonly DataGridColumn<MccReportRow>[] = [
  { id: 'code', header: 'MCC', kind: 'text', value: (row) => row.code, width: 90 },
  { id: 'description', header: 'Description', kind: 'text', value: (row) => row.description, width: 360 },
  { id: 'card_rate', header: 'Base Card Rate', kind: 'text', value: (row) => row.card_rate, width: 140 },
  { id: 'is_approved', header: 'Approved', kind: 'boolean', value: (row) => row.is_approved, width: 110 },
  { id: 'merchants', header: 'Merchants', kind: 'number', value: (row) => row.merchants },
];

// The approved MCC codes of a parent: the MCC codes its sub-pricing approves, with their rates.
export const approvedMccColumns: readonly DataGridColumn<SubpricingRow>[] = [
  { id: 'mcc', header: 'MCC', kind: 'text', value: (row) => row.mccCode, width: 90 },
  { id: 'description', header: 'Description', kind: 'text', value: (row) => row.mcc_description, width: 320 },
  { id: 'label', header: 'Label', kind: 'text', value: (row) => row.label ?? '', width: 160 },
  {
    id: 'base_card_rate',
    header: 'Base Card Rate',
    kind: 'text',
    value: (row) => row.base_card_rate,
    width: 140,
  },
  { id: 'card_rate', header: 'Card Rate', kind: 'text', value: (row) => row.card_rate ?? '', width: 120 },
  { id: 'ach_rate', header: 'ACH Rate', kind: 'text', value: (row) => row.ach_rate ?? '', width: 120 },
];

export const documentsColumns: readonly DataGridColumn<DocumentsReportRow>[] = [
  { id: 'owner', header: 'Client', kind: 'text', value: (row) => row.owner, width: 240 },
  { id: 'file_name', header: 'File Name', kind: 'text', value: (row) => row.file_name, width: 260 },
  { id: 'tag', header: 'Tag', kind: 'text', value: (row) => row.tag ?? '', width: 160 },
  {
    id: 'size_bytes',
    header: 'Size (bytes)',
    kind: 'number',
    value: (row) => row.size_bytes,
    isTotalled: false,
  },
  {
    id: 'uploaded_by',
    header: 'Uploaded By',
    kind: 'text',
    value: (row) => row.uploaded_by ?? '',
    width: 200,
  },
  {
    id: 'date_time_uploaded',
    header: 'Uploaded',
    kind: 'datetime',
    value: (row) => row.date_time_uploaded,
    width: 210,
  },
];
