import type { ActionMode, PaymentStatusValue, ProPayStatus } from './transaction-enums';

// Gross and net amounts, in integer cents:
//   "Gross amount: settle, debit, charge and apple_pay add the amount; refund, void, blind_refund,
//    reversal and credit subtract it; failed payments give nothing. Net amount subtracts the fee on
//    additions." A chargeback's own fee (the merchant's chargeback fee) is subtracted as well.
//   "Returned or rejected ACH items count as -25 in gross and net amounts."
// Amounts in the original are decimal dollars ("amount" 12.34), so -25 is minus 25.00 dollars: a
// returned-item charge of -2500 cents, not -25 cents.
export const returnedOrRejectedAchItemCents = -2500;

// The fields the rules read; the server's transaction rows carry them under these names.
export type TransactionMoneyFacts = {
  actionMode: ActionMode | null;
  amountCents: number;
  feeCents: number;
  paymentStatus: PaymentStatusValue;
  proPayStatus: ProPayStatus | null;
};

const addingActionModes: ReadonlySet<ActionMode> = new Set(['settle', 'debit', 'charge', 'apple_pay']);

// terminal_void and terminal_refund are not in the product's list, but in Portico every void or refund is
// its own transaction linked to the original, and the original still adds its amount: leaving them
// out would count a sale voided at the terminal as revenue. They subtract like void and refund.
const subtractingActionModes: ReadonlySet<ActionMode> = new Set([
  'refund',
  'void',
  'blind_refund',
  'reversal',
  'credit',
  'terminal_void',
  'terminal_refund',
]);

// payment_status "may be a string": 'false' is as false as false. null (no processor
// answer yet) is not a failure.
export function isFailedPayment(paymentStatus: PaymentStatusValue): boolean {
  if (typeof paymentStatus === 'string') return paymentStatus.trim().toLowerCase() === 'false';
  return paymentStatus === false;
}

export function isReturnedOrRejectedAchItem(proPayStatus: ProPayStatus | null): boolean {
  return proPayStatus === 'ACHInReturned' || proPayStatus === 'ACHInRejected';
}

// +1 adds the amount, -1 subtracts it, 0 counts nothing (no action mode, e.g. a batch-close record).
export function grossSignOfActionMode(actionMode: ActionMode | null): 1 | -1 | 0 {
  if (actionMode === null) return 0;
  if (addingActionModes.has(actionMode)) return 1;
  if (subtractingActionModes.has(actionMode)) return -1;
  return 0;
}

// A returned or rejected ACH item counts -25.00 even when the processor marked the payment failed:
// a rejected item is a failed payment by definition, and the specific rule would never apply to
// rejections if "failed gives nothing" came first.
export function grossAmountCentsOfTransaction(transaction: TransactionMoneyFacts): number {
  if (isReturnedOrRejectedAchItem(transaction.proPayStatus)) return returnedOrRejectedAchItemCents;
  if (isFailedPayment(transaction.paymentStatus)) return 0;
  const sign = grossSignOfActionMode(transaction.actionMode);
  return sign === 0 ? 0 : sign * transaction.amountCents;
}

export function isGrossAddition(transaction: TransactionMoneyFacts): boolean {
  return (
    !isReturnedOrRejectedAchItem(transaction.proPayStatus) &&
    !isFailedPayment(transaction.paymentStatus) &&
    grossSignOfActionMode(transaction.actionMode) === 1
  );
}

// A chargeback (a reversal the card network made, not a returned ACH item or a failed row). Its fee
// is the merchant's chargeback fee, withheld like a sale's.
export function isChargebackTransaction(transaction: TransactionMoneyFacts): boolean {
  return (
    !isReturnedOrRejectedAchItem(transaction.proPayStatus) &&
    !isFailedPayment(transaction.paymentStatus) &&
    transaction.actionMode === 'reversal'
  );
}

// Whether the transaction's fee is withheld from the merchant: a sale's processing fee and a
// chargeback's chargeback fee. A refund's or void's own fee, a failed payment's decline fee and a
// returned item's fee are not part of net.
export function isFeeWithheld(transaction: TransactionMoneyFacts): boolean {
  return isGrossAddition(transaction) || isChargebackTransaction(transaction);
}

export function netAmountCentsOfTransaction(transaction: TransactionMoneyFacts): number {
  const gross = grossAmountCentsOfTransaction(transaction);
  return isFeeWithheld(transaction) ? gross - transaction.feeCents : gross;
}
