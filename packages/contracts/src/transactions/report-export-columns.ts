import { grossAmountCentsOfTransaction, netAmountCentsOfTransaction } from './gross-net';
import type { ReportRow } from './report';
import {
  centsOfMoneyText,
  lastFourDigitsOfWireTransaction,
  moneyFactsOfTransaction,
  type Transaction,
  undoFactsOfTransaction,
} from './transaction';
import { transactionStatusLabel, transactionTypeLabels } from './transaction-labels';
import { signedAmountCents, UndoStateLabel, undoStateOf } from './undo-state';

// The transaction report's columns as an export writes them: the same ids, headers and values as
// the portal's grid (apps/web report-columns.tsx; a web test holds the two together). Money is
// integer cents, times are epoch milliseconds, days their yyyy-mm-dd text, enums their raw value
// with labels beside.

export type ExportColumnKind = 'text' | 'money' | 'datetime' | 'date' | 'enum';
export type ExportCellValue = string | number | undefined;

export type ExportColumnDefinition<Row> = {
  id: string;
  header: string;
  kind: ExportColumnKind;
  enumLabels?: Readonly<Record<string, string>>;
  // Shown only to callers allowed the REPORTS_ADVANCED fields.
  isAdvanced?: boolean;
  value: (row: Row) => ExportCellValue;
};

export function customerNameOfTransaction(transaction: Transaction): string {
  const meta = transaction.data.api_response?.meta;
  return `${meta?.firstName?.trim() ?? ''} ${meta?.lastName?.trim() ?? ''}`.trim();
}

export function customerEmailOfTransaction(transaction: Transaction): string {
  return transaction.data.api_response?.meta?.email?.trim() ?? '';
}

export function locationNameOfTransaction(transaction: Transaction): string {
  return transaction.data.api_response?.sub_location?.name ?? '';
}

export function paymentStatusTextOfTransaction(transaction: Transaction): string {
  const status = transaction.payment_status;
  if (status === null) return 'Pending';
  return String(status) === 'true' ? 'Success' : 'Failed';
}

// Voided, Refunded, Partially refunded, else the processor's status in words.
export function transactionStateTextOf(transaction: Transaction): string {
  const state = undoStateOf(centsOfMoneyText(transaction.amount), undoFactsOfTransaction(transaction));
  if (state.kind !== 'none') return UndoStateLabel[state.kind];
  return transactionStatusLabel(transaction.status, transaction.payment_status);
}

const textOrUndefined = (text: string | null | undefined) =>
  text === null || text === undefined || text === '' ? undefined : text;
const centsOrUndefined = (text: string | null | undefined) =>
  text === null || text === undefined ? undefined : centsOfMoneyText(text);
const epochOf = (iso: string | null | undefined) => {
  if (iso === null || iso === undefined) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
};

export const reportExportColumns: readonly ExportColumnDefinition<ReportRow>[] = [
  { id: 'created_at', header: 'Date', kind: 'datetime', value: (row) => epochOf(row[0]) },
  { id: 'merchant', header: 'Merchant', kind: 'text', value: (row) => textOrUndefined(row[2]) },
  {
    id: 'amount',
    header: 'Amount',
    kind: 'money',
    value: (row) => signedAmountCents(moneyFactsOfTransaction(row[1]), row[1].type),
  },
  { id: 'status', header: 'Status', kind: 'enum', value: (row) => transactionStateTextOf(row[1]) },
  {
    id: 'customer',
    header: 'Customer',
    kind: 'text',
    value: (row) => textOrUndefined(customerNameOfTransaction(row[1])),
  },
  {
    id: 'type',
    header: 'Type',
    kind: 'enum',
    enumLabels: transactionTypeLabels,
    value: (row) => row[1].type,
  },
  {
    id: 'gross_amount',
    header: 'Gross Amount',
    kind: 'money',
    value: (row) => grossAmountCentsOfTransaction(moneyFactsOfTransaction(row[1])),
  },
  { id: 'fee', header: 'Fee', kind: 'money', isAdvanced: true, value: (row) => centsOrUndefined(row[1].fee) },
  {
    id: 'net_amount',
    header: 'Net Amount',
    kind: 'money',
    isAdvanced: true,
    value: (row) =>
      row[1].fee === undefined ? undefined : netAmountCentsOfTransaction(moneyFactsOfTransaction(row[1])),
  },
  {
    id: 'surcharge',
    header: 'Surcharge',
    kind: 'money',
    isAdvanced: true,
    value: (row) => centsOrUndefined(row[1].surcharge),
  },
  {
    id: 'payment_status',
    header: 'Payment Status',
    kind: 'enum',
    value: (row) => paymentStatusTextOfTransaction(row[1]),
  },
  {
    id: 'email',
    header: 'Email',
    kind: 'text',
    value: (row) => textOrUndefined(customerEmailOfTransaction(row[1])),
  },
  {
    id: 'card_brand',
    header: 'Card Brand',
    kind: 'enum',
    value: (row) => textOrUndefined(row[1].card_brand),
  },
  { id: 'card_type', header: 'Card Type', kind: 'enum', value: (row) => textOrUndefined(row[1].card_type) },
  {
    id: 'last_four',
    header: 'Last 4',
    kind: 'text',
    value: (row) => textOrUndefined(lastFourDigitsOfWireTransaction(row[1])),
  },
  {
    id: 'location',
    header: 'Location',
    kind: 'text',
    value: (row) => textOrUndefined(locationNameOfTransaction(row[1])),
  },
  { id: 'parent', header: 'Parent', kind: 'text', value: (row) => textOrUndefined(row[3]) },
  { id: 'action', header: 'Action', kind: 'text', value: (row) => textOrUndefined(row[1].action) },
  {
    id: 'settlement_amount',
    header: 'Settlement Amount',
    kind: 'money',
    value: (row) => centsOrUndefined(row[1].settlement?.amount),
  },
  {
    id: 'settlement_date',
    header: 'Settlement Date',
    kind: 'date',
    value: (row) => textOrUndefined(row[1].settlement?.date),
  },
  { id: 'id', header: 'Transaction ID', kind: 'text', value: (row) => row[1].id },
];
