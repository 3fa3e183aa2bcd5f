import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  checkRefundAmount,
  refundFailureText,
  shouldReuseIdempotencyKey,
  voidFailureText,
} from './money-moving.utils';

describe('checkRefundAmount', () => {
  it('sends no amount for a full refund', () => {
    expect(checkRefundAmount('full', '', '100.00')).toEqual({ isValid: true, amount: undefined });
  });

  it('sends a partial amount with 2 decimals', () => {
    expect(checkRefundAmount('partial', '12.5', '100.00')).toEqual({ isValid: true, amount: '12.50' });
    expect(checkRefundAmount('partial', '100', '100.00')).toEqual({ isValid: true, amount: '100.00' });
  });

  it('refuses more than the transaction amount with the exact text', () => {
    expect(checkRefundAmount('partial', '100.01', '100.00')).toEqual({
      isValid: false,
      message: 'Refund can not be greater than transaction amount',
    });
  });

  it('refuses what is not an amount, or nothing', () => {
    expect(checkRefundAmount('partial', 'abc', '100.00')).toEqual({
      isValid: false,
      message: 'Amount must be a number with at most 2 decimals',
    });
    expect(checkRefundAmount('partial', '1.234', '100.00').isValid).toBe(false);
    expect(checkRefundAmount('partial', '0', '100.00')).toEqual({
      isValid: false,
      message: 'Refund amount must be greater than 0',
    });
  });
});

describe('failure texts', () => {
  const refusal = new ApiError(
    'REFUND_GREATER_THAN_AMOUNT',
    'Refund can not be greater than transaction amount',
    422,
  );

  it('shows the server message of a refusal', () => {
    expect(refundFailureText(refusal)).toBe('Refund can not be greater than transaction amount');
    expect(voidFailureText(new ApiError('VOID_WINDOW_PASSED', 'Refund it instead.', 422))).toBe(
      'Refund it instead.',
    );
    expect(
      voidFailureText(new ApiError('PROCESSOR_UNAVAILABLE', 'The processor could not be reached.', 503)),
    ).toBe('The processor could not be reached.');
  });

  it('falls back to the exact texts without a server message', () => {
    const offline = new ApiError('NETWORK_ERROR', 'The server could not be reached.', 0);
    expect(voidFailureText(offline)).toBe('Failed to void transaction');
    expect(refundFailureText(offline)).toBe('Refund failed. Please try again.');
    expect(voidFailureText(new ApiError('SERVER_ERROR', 'Something went wrong', 500))).toBe(
      'Failed to void transaction',
    );
    expect(refundFailureText(new Error('boom'))).toBe('Refund failed. Please try again.');
  });
});

describe('shouldReuseIdempotencyKey', () => {
  it('keeps the key while the outcome is unknown', () => {
    expect(shouldReuseIdempotencyKey(new ApiError('TIMEOUT', 'slow', 0))).toBe(true);
    expect(shouldReuseIdempotencyKey(new ApiError('SERVER_ERROR', 'Something went wrong', 502))).toBe(true);
    expect(
      shouldReuseIdempotencyKey(new ApiError('IDEMPOTENT_REQUEST_IN_FLIGHT', 'still running', 409)),
    ).toBe(true);
    expect(shouldReuseIdempotencyKey(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('takes a new key after the server refused', () => {
    expect(shouldReuseIdempotencyKey(refusalOf(422))).toBe(false);
    expect(shouldReuseIdempotencyKey(refusalOf(403))).toBe(false);
    expect(shouldReuseIdempotencyKey(new ApiError('IDEMPOTENCY_KEY_REUSED', 'different request', 409))).toBe(
      false,
    );
  });
});

function refusalOf(status: number) {
  return new ApiError('REFUSED', 'No', status);
}
