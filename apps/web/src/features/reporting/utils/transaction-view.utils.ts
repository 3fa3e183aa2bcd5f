import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  grossAmountCentsOfTransaction,
  netAmountCentsOfTransaction,
} from '@portico/contracts/transactions/gross-net';
import type { ReportRow } from '@portico/contracts/transactions/report';
import type { SearchRow } from '@portico/contracts/transactions/search';
import {
  moneyFactsOfTransaction,
  type Transaction,
  voidRefundCandidateOfTransaction,
} from '@portico/contracts/transactions/transaction';
import {
  canRefundTransaction,
  canVoidTransaction,
  type MerchantPermissionGrants,
} from '@portico/contracts/transactions/void-refund-eligibility';

// A transaction as the detail viewer, the dialogs and the receipt receive it, from either grid.
export type TransactionSubject = {
  transaction: Transaction;
  merchantName: string | null;
  parentName: string | null;
};

export function subjectOfReportRow(row: ReportRow): TransactionSubject {
  const [, transaction, dbaName, parentName] = row;
  return {
    transaction,
    merchantName: dbaName ?? transaction.client?.merchant.name ?? null,
    parentName: parentName ?? transaction.client?.merchant.parent_name ?? null,
  };
}

export function subjectOfSearchRow(row: SearchRow): TransactionSubject {
  const { transaction_details: transaction } = row;
  return {
    transaction,
    merchantName: transaction.client?.merchant.name ?? null,
    parentName: transaction.client?.merchant.parent_name ?? null,
  };
}

export function customerNameOf(transaction: Transaction): string {
  const meta = transaction.data.api_response?.meta;
  return `${meta?.firstName?.trim() ?? ''} ${meta?.lastName?.trim() ?? ''}`.trim();
}

export function customerEmailOf(transaction: Transaction): string {
  return transaction.data.api_response?.meta?.email?.trim() ?? '';
}

export function locationNameOf(transaction: Transaction): string {
  return transaction.data.api_response?.sub_location?.name ?? '';
}

// Spec 3 §9 gross and net, as decimal strings for money columns.
export function grossAmountOf(transaction: Transaction): string {
  return formatCentsAsDecimal(grossAmountCentsOfTransaction(moneyFactsOfTransaction(transaction)));
}

// Without the fee (no REPORTS_ADVANCED) there is no net to show.
export function netAmountOf(transaction: Transaction): string | null {
  if (transaction.fee === undefined) return null;
  return formatCentsAsDecimal(netAmountCentsOfTransaction(moneyFactsOfTransaction(transaction)));
}

export function paymentStatusText(transaction: Transaction): string {
  const status = transaction.payment_status;
  if (status === null) return 'Pending';
  return String(status) === 'true' ? 'Success' : 'Failed';
}

// A custom field's value as text: objects and lists as JSON, nothing as ''.
export function customFieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export type TransactionActions = { canVoid: boolean; canRefund: boolean };

// Spec 3 §4 through the contracts rules: the Void button on the same Eastern day, Refund after it.
export function transactionActionsOf(
  transaction: Transaction,
  now: Date,
  grants: MerchantPermissionGrants,
): TransactionActions {
  const candidate = voidRefundCandidateOfTransaction(transaction);
  return {
    canVoid: canVoidTransaction(candidate, now, grants),
    canRefund: canRefundTransaction(candidate, now, grants),
  };
}
