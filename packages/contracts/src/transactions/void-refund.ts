import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyOutput, parseDecimalToCents } from '../money/money';
import { transactionTypeSchema } from './transaction-enums';
import type { VoidRefundRefusal } from './void-refund-eligibility';

// POST /api/void {id} and POST /api/refund {id, amount?}; the refund dialog and its amount.
// Both calls take an Idempotency-Key header.

export const voidRequestBody = z.strictObject({ id: z.uuid() });
export type VoidRequestBody = z.infer<typeof voidRequestBody>;

// The refund input: "numeric, step 0.01, minimum 0".
export const refundAmountInput = { step: 0.01, min: 0 } as const;

// A 2-decimal money string. The input's minimum is 0, but a refund of 0.00 moves no money and would
// only add an empty row to the ledger, so the call wants more than 0.
export const refundAmountField = z
  .string()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, { message: 'Amount must be a number with at most 2 decimals' })
  .transform((text, ctx) => {
    const cents = parseDecimalToCents(text);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'Refund amount must be greater than 0' });
      return z.NEVER;
    }
    return cents;
  });

// "amount only for a partial refund": without it the refund is full.
export const refundRequestBody = z.strictObject({ id: z.uuid(), amount: refundAmountField.optional() });
export type RefundRequestBody = z.infer<typeof refundRequestBody>;
export type RefundRequestInput = z.input<typeof refundRequestBody>;

// The new transaction that records the void or refund, linked to the original.
export const undoTransactionResultSchema = z.object({
  id: z.uuid(),
  original_transaction_id: z.uuid(),
  type: transactionTypeSchema,
  amount: moneyOutput,
  created_at: z.iso.datetime(),
});
export type UndoTransactionResult = z.infer<typeof undoTransactionResultSchema>;
export const voidResponse = successEnvelope(undoTransactionResultSchema);
export const refundResponse = successEnvelope(undoTransactionResultSchema);

// What is left to refund after earlier refunds and voids of the same original.
export function refundableCents(transactionAmountCents: number, alreadyRefundedCents: number): number {
  return Math.max(0, transactionAmountCents - alreadyRefundedCents);
}

// The amount a refund moves: the requested one, or everything left for a full refund (the dialog's
// default fixes it to the transaction amount, which is what is left before any partial refund).
// null: "Refund can not be greater than transaction amount", including when nothing is left.
export function refundAmountCentsToApply(
  requestedCents: number | undefined,
  transactionAmountCents: number,
  alreadyRefundedCents: number,
): number | null {
  const left = refundableCents(transactionAmountCents, alreadyRefundedCents);
  const amount = requestedCents ?? left;
  if (amount <= 0 || amount > left) return null;
  return amount;
}

export const VoidRefundErrorCode = {
  TransactionNotFound: 'TRANSACTION_NOT_FOUND',
  PaymentFailed: 'PAYMENT_FAILED',
  RequestFailed: 'REQUEST_FAILED',
  AlreadyAnUndo: 'ALREADY_AN_UNDO',
  Disputed: 'PAYMENT_DISPUTED',
  NotAPayment: 'NOT_A_PAYMENT',
  VoidWindowPassed: 'VOID_WINDOW_PASSED',
  StillVoidable: 'STILL_VOIDABLE',
  MissingPermission: 'MISSING_PERMISSION',
  RefundGreaterThanAmount: 'REFUND_GREATER_THAN_AMOUNT',
  ProcessorDeclined: 'PROCESSOR_DECLINED',
} as const;
export type VoidRefundErrorCode = (typeof VoidRefundErrorCode)[keyof typeof VoidRefundErrorCode];

export const errorCodeOfVoidRefundRefusal: Record<VoidRefundRefusal, VoidRefundErrorCode> = {
  payment_failed: VoidRefundErrorCode.PaymentFailed,
  request_failed: VoidRefundErrorCode.RequestFailed,
  already_an_undo: VoidRefundErrorCode.AlreadyAnUndo,
  disputed: VoidRefundErrorCode.Disputed,
  not_a_payment: VoidRefundErrorCode.NotAPayment,
  void_window_passed: VoidRefundErrorCode.VoidWindowPassed,
  still_voidable: VoidRefundErrorCode.StillVoidable,
  missing_permission: VoidRefundErrorCode.MissingPermission,
};

// The server's message for each refusal; the void dialog shows it as it comes. The product
// names only the amount text; these are Portico's own.
export const VoidRefundRefusalText: Record<VoidRefundRefusal, string> = {
  payment_failed: 'This payment failed, so there is nothing to void or refund.',
  request_failed: 'This request failed, so there is nothing to void or refund.',
  already_an_undo: 'This transaction is itself a void, refund, credit or reversal.',
  disputed: 'This payment is disputed',
  not_a_payment: 'Only payments can be voided or refunded.',
  void_window_passed:
    'A transaction can be voided only on the day it was made (Eastern time). Refund it instead.',
  still_voidable: 'A transaction made today (Eastern time) can be voided, not refunded.',
  missing_permission: 'You do not have permission to do this for this merchant.',
};
