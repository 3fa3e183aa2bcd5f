import { formatCentsAsDecimal, formatCentsAsMoney } from '@portico/contracts/money/money';
import {
  grossAmountCentsOfTransaction,
  netAmountCentsOfTransaction,
} from '@portico/contracts/transactions/gross-net';
import type { ReportRow } from '@portico/contracts/transactions/report';
import type { SearchRow } from '@portico/contracts/transactions/search';
import {
  centsOfMoneyText,
  moneyFactsOfTransaction,
  type Transaction,
  undoFactsOfTransaction,
  voidRefundCandidateOfTransaction,
} from '@portico/contracts/transactions/transaction';
import { transactionStatusLabel } from '@portico/contracts/transactions/transaction-labels';
import {
  canStillBeRefunded,
  canStillBeVoided,
  signedAmountCents,
  type UndoState,
  UndoStateLabel,
  undoStateOf,
} from '@portico/contracts/transactions/undo-state';
import {
  canRefundTransaction,
  canVoidTransaction,
  type MerchantPermissionGrants,
  refundOpensAfterVoidWindow,
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

// Gross and net, as decimal strings for money columns.
export function grossAmountOf(transaction: Transaction): string {
  return formatCentsAsDecimal(grossAmountCentsOfTransaction(moneyFactsOfTransaction(transaction)));
}

// Without the fee (no REPORTS_ADVANCED) there is no net to show.
export function netAmountOf(transaction: Transaction): string | null {
  if (transaction.fee === undefined) return null;
  return formatCentsAsDecimal(netAmountCentsOfTransaction(moneyFactsOfTransaction(transaction)));
}

// Voids, refunds and credits read negative wherever amounts are listed.
export function signedAmountOf(transaction: Transaction): string {
  return formatCentsAsDecimal(signedAmountCents(moneyFactsOfTransaction(transaction), transaction.type));
}

export function undoStateOfTransaction(transaction: Transaction): UndoState {
  return undoStateOf(centsOfMoneyText(transaction.amount), undoFactsOfTransaction(transaction));
}

// The Status column: what happened to the transaction (Voided, Refunded, Partially refunded), else
// the processor's status in words.
export function transactionStateOf(transaction: Transaction): string {
  const state = undoStateOfTransaction(transaction);
  if (state.kind !== 'none') return UndoStateLabel[state.kind];
  return transactionStatusLabel(transaction.status, transaction.payment_status);
}

// The same with the amount left to refund when only part was refunded.
export function transactionStateText(transaction: Transaction): string {
  const state = undoStateOfTransaction(transaction);
  if (state.kind === 'partially_refunded') {
    return `${UndoStateLabel.partially_refunded} (${formatCentsAsMoney(state.refundableCents)} left to refund)`;
  }
  return transactionStateOf(transaction);
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

// refundOpensLater: Refund is not offered yet only because the payment is from today.
export type TransactionActions = { canVoid: boolean; canRefund: boolean; refundOpensLater: boolean };

// By the contracts rules: the Void button on the same Eastern day, Refund after it;
// neither once it can no longer succeed (voided, or nothing left to refund).
export function transactionActionsOf(
  transaction: Transaction,
  now: Date,
  grants: MerchantPermissionGrants,
): TransactionActions {
  const candidate = voidRefundCandidateOfTransaction(transaction);
  const state = undoStateOfTransaction(transaction);
  return {
    canVoid: canStillBeVoided(state) && canVoidTransaction(candidate, now, grants),
    canRefund: canStillBeRefunded(state) && canRefundTransaction(candidate, now, grants),
    refundOpensLater: canStillBeRefunded(state) && refundOpensAfterVoidWindow(candidate, now, grants),
  };
}
