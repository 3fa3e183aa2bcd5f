import { lastFourDigitsOfTransaction } from './last-four';
import {
  type ExportColumnDefinition,
  type ReportExportFacts,
  reportExportFactsOfWire,
  textOrUndefined,
  transactionStateTextOfFacts,
} from './report-export-columns';
import type { SearchRow } from './search';
import type { TransactionType } from './transaction-enums';
import { transactionTypeLabels } from './transaction-labels';
import { signedAmountCents } from './undo-state';

// The Transaction Search grid's columns as an export writes them: the same ids, headers and values
// as the portal's grid (apps/web report-columns.tsx searchResultColumns; a web test holds the two
// together). The search row is not the report's: its Merchant is the merchant's name (the report
// shows the DBA name), its Customer the name else the e-mail as the search reads them, and it has
// Payment Type and Account. No column is a REPORTS_ADVANCED field, as the grid shows none.

// The facts of one search row: its transaction as the report's export reads it, and what the search
// row adds (the server computes customer and payment type with the search row writer's own rules).
export type SearchExportFacts = {
  transaction: ReportExportFacts;
  // The merchant's name (transaction_details.client.merchant.name).
  merchantName: string | null;
  // The customer's name, else the e-mail; '' when the payment names nobody.
  customer: string;
  // Card brand, 'ACH', 'Cash' or 'Crypto'; '' when unknown.
  paymentType: string;
};

export type SearchExportRow = {
  dateTimeMs: number;
  id: string;
  merchantName: string | undefined;
  amountCents: number;
  stateText: string;
  customer: string | undefined;
  type: TransactionType;
  paymentType: string | undefined;
  account: string;
};

export function searchExportRowOf(facts: SearchExportFacts): SearchExportRow {
  const transaction = facts.transaction;
  return {
    dateTimeMs: transaction.createdAtMs,
    id: transaction.id,
    merchantName: textOrUndefined(facts.merchantName),
    // The amount's sign needs the action mode alone: no fee, so no REPORTS_ADVANCED field.
    amountCents: signedAmountCents(
      {
        actionMode: transaction.actionMode,
        amountCents: transaction.amountCents,
        feeCents: 0,
        paymentStatus: transaction.paymentStatus,
        proPayStatus: transaction.proPayStatus,
      },
      transaction.type,
    ),
    stateText: transactionStateTextOfFacts(
      transaction.amountCents,
      transaction.undoes,
      transaction.status,
      transaction.paymentStatus,
    ),
    customer: textOrUndefined(facts.customer),
    type: transaction.type,
    paymentType: textOrUndefined(facts.paymentType),
    account: lastFourDigitsOfTransaction({
      token: transaction.token,
      maskedAccountNumber: transaction.maskedAccountNumber,
    }),
  };
}

// The facts of a row as the grid holds it (the search call's JSON).
export function searchExportFactsOfWire(row: SearchRow): SearchExportFacts {
  const transaction = row.transaction_details;
  return {
    transaction: reportExportFactsOfWire([row.date_time, transaction, null, null]),
    merchantName: transaction.client?.merchant.name ?? null,
    customer: row.customer,
    paymentType: row.payment_type,
  };
}

export const searchExportColumns: readonly ExportColumnDefinition<SearchExportRow>[] = [
  { id: 'date_time', header: 'Date/Time', kind: 'datetime', value: (row) => row.dateTimeMs },
  { id: 'merchant', header: 'Merchant', kind: 'text', value: (row) => row.merchantName },
  { id: 'amount', header: 'Amount', kind: 'money', value: (row) => row.amountCents },
  { id: 'status', header: 'Status', kind: 'enum', value: (row) => row.stateText },
  { id: 'customer', header: 'Customer', kind: 'text', value: (row) => row.customer },
  {
    id: 'transaction_type',
    header: 'Transaction Type',
    kind: 'enum',
    enumLabels: transactionTypeLabels,
    value: (row) => row.type,
  },
  { id: 'payment_type', header: 'Payment Type', kind: 'enum', value: (row) => row.paymentType },
  { id: 'account', header: 'Account', kind: 'text', value: (row) => row.account },
  { id: 'id', header: 'Transaction ID', kind: 'text', value: (row) => row.id },
];
