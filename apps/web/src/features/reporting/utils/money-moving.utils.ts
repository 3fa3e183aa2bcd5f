import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { RefundText, VoidText } from '@portico/contracts/transactions/texts';
import { centsOfMoneyText } from '@portico/contracts/transactions/transaction';
import { refundAmountField } from '@portico/contracts/transactions/void-refund';
import { ApiError } from '../../../lib/api-client';

// The void and refund dialogs.

export type RefundKind = 'full' | 'partial';

export type RefundAmountCheck =
  | { isValid: true; amount: string | undefined }
  | { isValid: false; message: string };

// Full: no amount (the server refunds the whole transaction). Partial: the typed amount, checked with
// the contracts field and never above the transaction amount.
export function checkRefundAmount(
  kind: RefundKind,
  typed: string,
  transactionAmount: string,
): RefundAmountCheck {
  if (kind === 'full') return { isValid: true, amount: undefined };
  const parsed = refundAmountField.safeParse(typed.trim());
  if (!parsed.success) {
    return { isValid: false, message: parsed.error.issues[0]?.message ?? RefundText.Failed };
  }
  if (parsed.data > centsOfMoneyText(transactionAmount)) {
    return { isValid: false, message: RefundText.GreaterThanTransactionAmount };
  }
  return { isValid: true, amount: formatCentsAsDecimal(parsed.data) };
}

// Codes of answers that carry no message meant for the user: no answer, a timeout, an unreadable
// answer or a server fault (their texts are the api client's, not the server's).
const codesWithoutServerMessage: ReadonlySet<string> = new Set([
  'NETWORK_ERROR',
  'TIMEOUT',
  'INVALID_RESPONSE',
  'SERVER_ERROR',
  'HTTP_ERROR',
  CommonErrorCode.Internal,
]);

function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.httpStatus === 0) return null;
  return codesWithoutServerMessage.has(error.code) ? null : error.message;
}

// "the server message or 'Failed to void transaction'".
export function voidFailureText(error: unknown): string {
  return serverMessageOf(error) ?? VoidText.Failed;
}

// A refusal names its reason ('Refund can not be greater than transaction amount'); anything else is
// 'Refund failed. Please try again.'.
export function refundFailureText(error: unknown): string {
  return serverMessageOf(error) ?? RefundText.Failed;
}

// The Idempotency-Key of an attempt is reused while its outcome is unknown (no answer, a timeout, a
// server fault, the first attempt still running), so a retry cannot move money twice. After any
// other answer the next attempt is a new request with a new key.
export function shouldReuseIdempotencyKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.httpStatus === 0 || error.httpStatus >= 500) return true;
  return error.code === CommonErrorCode.IdempotentRequestInFlight;
}
