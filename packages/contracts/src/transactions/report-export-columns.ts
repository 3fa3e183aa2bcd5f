import {
  grossAmountCentsOfTransaction,
  netAmountCentsOfTransaction,
  type TransactionMoneyFacts,
} from './gross-net';
import { lastFourDigitsOfTransaction } from './last-four';
import type { ReportRow } from './report';
import { centsOfMoneyText, type Transaction, undoFactsOfTransaction } from './transaction';
import type { ActionMode, PaymentStatusValue, ProPayStatus, TransactionType } from './transaction-enums';
import { transactionStatusLabel, transactionTypeLabels } from './transaction-labels';
import { signedAmountCents, type UndoFacts, UndoStateLabel, undoStateOf } from './undo-state';

// The transaction report's columns as an export writes them: the same ids, headers and values as
// the portal's grid (apps/web report-columns.tsx; a web test holds the two together). Money is
// integer cents, numbers (counts) plain numbers, times are epoch milliseconds, days their yyyy-mm-dd
// text, enums their raw value with labels beside.

export type ExportColumnKind = 'text' | 'money' | 'number' | 'datetime' | 'date' | 'enum';
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

// The facts of one report row that its export reads, as plain values: what the report row's JSON
// carries, before any formatting. The server builds them straight from the stored row; a row the
// grid holds gives them through reportExportFactsOfWire (the web test holds the two equal).
export type ReportExportFacts = {
  createdAtMs: number;
  id: string;
  // The merchant's DBA name, as the grid's Merchant column shows it, and its parent's name.
  merchantName: string | null;
  parentName: string | null;
  type: TransactionType;
  actionMode: ActionMode | null;
  paymentStatus: PaymentStatusValue;
  proPayStatus: ProPayStatus | null;
  amountCents: number;
  // Fee and surcharge only for callers allowed the REPORTS_ADVANCED fields of the row's merchant.
  feeCents: number | undefined;
  surchargeCents: number | undefined;
  // The processor's status text.
  status: string | null;
  // The voids and refunds that undid (part of) the row.
  undoes: readonly UndoFacts[];
  action: string | null;
  cardBrand: string | null;
  cardType: string | null;
  customerFirstName: string | undefined;
  customerLastName: string | undefined;
  customerEmail: string | undefined;
  token: string | null | undefined;
  maskedAccountNumber: string | null | undefined;
  locationName: string | undefined;
  settlement: { amountCents: number; date: string } | null;
};

// One row's cells before formatting, keyed as the columns read them. Its money figures come from
// the contracts gross/net and undo rules, computed once per row.
export type ReportExportRow = {
  createdAtMs: number;
  id: string;
  merchantName: string | undefined;
  parentName: string | undefined;
  type: TransactionType;
  amountCents: number;
  grossAmountCents: number;
  feeCents: number | undefined;
  netAmountCents: number | undefined;
  surchargeCents: number | undefined;
  stateText: string;
  paymentStatusText: string;
  customerName: string | undefined;
  customerEmail: string | undefined;
  cardBrand: string | undefined;
  cardType: string | undefined;
  lastFour: string;
  locationName: string | undefined;
  action: string | undefined;
  settlementAmountCents: number | undefined;
  settlementDate: string | undefined;
};

export function customerNameOf(firstName: string | undefined, lastName: string | undefined): string {
  return `${firstName?.trim() ?? ''} ${lastName?.trim() ?? ''}`.trim();
}

export function paymentStatusTextOf(status: PaymentStatusValue): string {
  if (status === null) return 'Pending';
  return String(status) === 'true' ? 'Success' : 'Failed';
}

// Voided, Refunded, Partially refunded, else the processor's status in words.
export function transactionStateTextOfFacts(
  amountCents: number,
  undoes: Iterable<UndoFacts>,
  status: string | null,
  paymentStatus: PaymentStatusValue,
): string {
  const state = undoStateOf(amountCents, undoes);
  if (state.kind !== 'none') return UndoStateLabel[state.kind];
  return transactionStatusLabel(status, paymentStatus);
}

export function transactionStateTextOf(transaction: Transaction): string {
  return transactionStateTextOfFacts(
    centsOfMoneyText(transaction.amount),
    undoFactsOfTransaction(transaction),
    transaction.status,
    transaction.payment_status,
  );
}

// A text cell's value: none for a missing or empty text, as the grids leave such a cell empty.
export const textOrUndefined = (text: string | null | undefined) =>
  text === null || text === undefined || text === '' ? undefined : text;

export function reportExportRowOf(facts: ReportExportFacts): ReportExportRow {
  const money: TransactionMoneyFacts = {
    actionMode: facts.actionMode,
    amountCents: facts.amountCents,
    // Without REPORTS_ADVANCED net is not shown, and the fee counts as 0.
    feeCents: facts.feeCents ?? 0,
    paymentStatus: facts.paymentStatus,
    proPayStatus: facts.proPayStatus,
  };
  return {
    createdAtMs: facts.createdAtMs,
    id: facts.id,
    merchantName: textOrUndefined(facts.merchantName),
    parentName: textOrUndefined(facts.parentName),
    type: facts.type,
    amountCents: signedAmountCents(money, facts.type),
    grossAmountCents: grossAmountCentsOfTransaction(money),
    feeCents: facts.feeCents,
    netAmountCents: facts.feeCents === undefined ? undefined : netAmountCentsOfTransaction(money),
    surchargeCents: facts.surchargeCents,
    stateText: transactionStateTextOfFacts(
      facts.amountCents,
      facts.undoes,
      facts.status,
      facts.paymentStatus,
    ),
    paymentStatusText: paymentStatusTextOf(facts.paymentStatus),
    customerName: textOrUndefined(customerNameOf(facts.customerFirstName, facts.customerLastName)),
    customerEmail: textOrUndefined(facts.customerEmail?.trim()),
    cardBrand: textOrUndefined(facts.cardBrand),
    cardType: textOrUndefined(facts.cardType),
    lastFour: lastFourDigitsOfTransaction({
      token: facts.token,
      maskedAccountNumber: facts.maskedAccountNumber,
    }),
    locationName: textOrUndefined(facts.locationName),
    action: textOrUndefined(facts.action),
    settlementAmountCents: facts.settlement?.amountCents,
    settlementDate: textOrUndefined(facts.settlement?.date),
  };
}

const centsOrUndefined = (text: string | null | undefined) =>
  text === null || text === undefined ? undefined : centsOfMoneyText(text);

// The facts of a row as the grid holds it (the report's JSON).
export function reportExportFactsOfWire(row: ReportRow): ReportExportFacts {
  const transaction = row[1];
  const api = transaction.data.api_response;
  const meta = api?.meta;
  const settlement = transaction.settlement;
  return {
    createdAtMs: Date.parse(row[0]),
    id: transaction.id,
    merchantName: row[2],
    parentName: row[3],
    type: transaction.type,
    actionMode: transaction.action_mode,
    paymentStatus: transaction.payment_status,
    proPayStatus: transaction.pro_pay_status,
    amountCents: centsOfMoneyText(transaction.amount),
    feeCents: centsOrUndefined(transaction.fee),
    surchargeCents: centsOrUndefined(transaction.surcharge),
    status: transaction.status,
    undoes: undoFactsOfTransaction(transaction),
    action: transaction.action,
    cardBrand: transaction.card_brand,
    cardType: transaction.card_type,
    customerFirstName: meta?.firstName,
    customerLastName: meta?.lastName,
    customerEmail: meta?.email,
    token: api?.token,
    maskedAccountNumber: transaction.data.third_party_api_response?.AUTH_MASKED_ACCOUNT_NBR,
    locationName: api?.sub_location?.name,
    settlement: settlement
      ? { amountCents: centsOfMoneyText(settlement.amount), date: settlement.date }
      : null,
  };
}

export const reportExportColumns: readonly ExportColumnDefinition<ReportExportRow>[] = [
  { id: 'created_at', header: 'Date', kind: 'datetime', value: (row) => row.createdAtMs },
  { id: 'merchant', header: 'Merchant', kind: 'text', value: (row) => row.merchantName },
  { id: 'amount', header: 'Amount', kind: 'money', value: (row) => row.amountCents },
  { id: 'status', header: 'Status', kind: 'enum', value: (row) => row.stateText },
  { id: 'customer', header: 'Customer', kind: 'text', value: (row) => row.customerName },
  { id: 'type', header: 'Type', kind: 'enum', enumLabels: transactionTypeLabels, value: (row) => row.type },
  { id: 'gross_amount', header: 'Gross Amount', kind: 'money', value: (row) => row.grossAmountCents },
  { id: 'fee', header: 'Fee', kind: 'money', isAdvanced: true, value: (row) => row.feeCents },
  {
    id: 'net_amount',
    header: 'Net Amount',
    kind: 'money',
    isAdvanced: true,
    value: (row) => row.netAmountCents,
  },
  {
    id: 'surcharge',
    header: 'Surcharge',
    kind: 'money',
    isAdvanced: true,
    value: (row) => row.surchargeCents,
  },
  { id: 'payment_status', header: 'Payment Status', kind: 'enum', value: (row) => row.paymentStatusText },
  { id: 'email', header: 'Email', kind: 'text', value: (row) => row.customerEmail },
  { id: 'card_brand', header: 'Card Brand', kind: 'enum', value: (row) => row.cardBrand },
  { id: 'card_type', header: 'Card Type', kind: 'enum', value: (row) => row.cardType },
  { id: 'last_four', header: 'Last 4', kind: 'text', value: (row) => row.lastFour },
  { id: 'location', header: 'Location', kind: 'text', value: (row) => row.locationName },
  { id: 'parent', header: 'Parent', kind: 'text', value: (row) => row.parentName },
  { id: 'action', header: 'Action', kind: 'text', value: (row) => row.action },
  {
    id: 'settlement_amount',
    header: 'Settlement Amount',
    kind: 'money',
    value: (row) => row.settlementAmountCents,
  },
  { id: 'settlement_date', header: 'Settlement Date', kind: 'date', value: (row) => row.settlementDate },
  { id: 'id', header: 'Transaction ID', kind: 'text', value: (row) => row.id },
];
