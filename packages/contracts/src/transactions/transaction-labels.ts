import { isFailedPayment } from './gross-net';
import type { ActionMode, PaymentStatusValue, TransactionType } from './transaction-enums';

// Transaction types and statuses as people read them: 'Card sale', 'ACH debit',
// 'Approved', 'Declined', never the stored codes.

export const transactionTypeLabels: Record<TransactionType, string> = {
  cc: 'Card sale',
  credit: 'Credit',
  card: 'Card sale',
  terminal: 'Terminal sale',
  charge: 'Card sale',
  authorize: 'Card authorization',
  terminal_charge: 'Terminal sale',
  debit: 'ACH debit',
  ach: 'ACH debit',
  cash: 'Cash sale',
  void: 'Void',
  refund: 'Refund',
  ach_refund: 'ACH refund',
  blind_refund: 'Blind refund',
  reversal: 'Reversal',
  batch: 'Batch close',
};

// How the amount moved (action_mode), in words.
export const actionModeLabels: Record<ActionMode, string> = {
  settle: 'Settled sale',
  debit: 'Debit',
  charge: 'Charge',
  apple_pay: 'Apple Pay',
  refund: 'Refund',
  void: 'Void',
  blind_refund: 'Blind refund',
  reversal: 'Reversal',
  credit: 'Credit',
  terminal_void: 'Terminal void',
  terminal_refund: 'Terminal refund',
};

export function transactionTypeLabel(type: TransactionType): string {
  return transactionTypeLabels[type];
}

// Processor texts in any case ('APPROVED', 'declined') read the same way; unknown ones keep their
// words with the first letter capitalised.
const knownStatusLabels: Readonly<Record<string, string>> = {
  approved: 'Approved',
  declined: 'Declined',
  error: 'Error',
  failed: 'Failed',
  returned: 'Returned',
  rejected: 'Rejected',
  pending: 'Pending',
  settled: 'Settled',
  voided: 'Voided',
};

// A status already written as its label ('Approved'), which most are: read as it is.
const statusLabelTexts: ReadonlySet<string> = new Set(Object.values(knownStatusLabels));

// The processor's status text, else what payment_status says: null (no answer yet) is Pending.
export function transactionStatusLabel(status: string | null, paymentStatus: PaymentStatusValue): string {
  if (status !== null && statusLabelTexts.has(status)) return status;
  const text = status?.trim().replace(/[_\s]+/g, ' ') ?? '';
  if (text !== '') {
    const known = knownStatusLabels[text.toLowerCase()];
    if (known !== undefined) return known;
    return `${text.charAt(0).toUpperCase()}${text.slice(1).toLowerCase()}`;
  }
  if (paymentStatus === null) return 'Pending';
  return isFailedPayment(paymentStatus) ? 'Declined' : 'Approved';
}
