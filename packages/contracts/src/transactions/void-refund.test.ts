import { describe, expect, it } from 'vitest';
import { RefundText } from './texts';
import {
  errorCodeOfVoidRefundRefusal,
  refundAmountCentsToApply,
  refundableCents,
  refundRequestBody,
  refundResponse,
  VoidRefundRefusalText,
  voidRequestBody,
} from './void-refund';
import { voidRefundRefusals } from './void-refund-eligibility';

const id = '3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b';

describe('POST /api/void {id}', () => {
  it('takes the transaction id only', () => {
    expect(voidRequestBody.parse({ id })).toEqual({ id });
    expect(voidRequestBody.safeParse({ id, amount: '1.00' }).success).toBe(false);
    expect(voidRequestBody.safeParse({ id: '42' }).success).toBe(false);
  });
});

describe('POST /api/refund {id, amount?}', () => {
  it('is a full refund without an amount', () => {
    expect(refundRequestBody.parse({ id })).toEqual({ id });
  });

  it.each([
    ['12.34', 1234],
    ['12.3', 1230],
    ['12', 1200],
    ['0.01', 1],
  ])('reads the partial amount %s as %i cents', (amount, cents) => {
    expect(refundRequestBody.parse({ id, amount })).toEqual({ id, amount: cents });
  });

  it.each([
    ['more than 2 decimals (step 0.01)', '12.345'],
    ['negative (minimum 0)', '-1.00'],
    ['zero, which moves no money', '0.00'],
    ['not a number', 'ten'],
    ['a JSON number', 12.34],
    ['empty', ''],
  ])('refuses an amount that is %s', (_label, amount) => {
    expect(refundRequestBody.safeParse({ id, amount }).success).toBe(false);
  });

  it('is strict', () => {
    expect(refundRequestBody.safeParse({ id, reason: 'x' }).success).toBe(false);
  });

  it('answers the new transaction linked to the original', () => {
    const message = {
      id: '9b2f7c1e-5d4a-4c3b-8a2f-1e0d9c8b7a6f',
      original_transaction_id: id,
      type: 'refund',
      amount: '12.34',
      created_at: '2025-07-15T13:00:00.000Z',
    };
    expect(refundResponse.parse({ status: true, message }).message).toEqual(message);
  });
});

describe('"Refund amount must not exceed the transaction amount"', () => {
  it('refunds what is left when no amount is given', () => {
    expect(refundAmountCentsToApply(undefined, 10_000, 0)).toBe(10_000);
    expect(refundAmountCentsToApply(undefined, 10_000, 2_500)).toBe(7_500);
  });

  it('takes a partial amount up to what is left', () => {
    expect(refundAmountCentsToApply(4_000, 10_000, 0)).toBe(4_000);
    expect(refundAmountCentsToApply(6_000, 10_000, 4_000)).toBe(6_000);
  });

  it.each([
    ['more than the transaction', 10_001, 0],
    ['a second refund beyond what is left', 6_001, 4_000],
    ['a full refund of a fully refunded transaction', undefined, 10_000],
  ])('refuses %s', (_label, requested, refunded) => {
    expect(refundAmountCentsToApply(requested, 10_000, refunded)).toBeNull();
  });

  it('never counts a negative remainder', () => {
    expect(refundableCents(10_000, 12_000)).toBe(0);
  });

  it('has the exact text for the refusal', () => {
    expect(RefundText.GreaterThanTransactionAmount).toBe('Refund can not be greater than transaction amount');
  });
});

describe('refusals', () => {
  it('give every eligibility refusal an error code and a message', () => {
    for (const refusal of voidRefundRefusals) {
      expect(errorCodeOfVoidRefundRefusal[refusal]).toMatch(/^[A-Z_]+$/);
      expect(VoidRefundRefusalText[refusal].length).toBeGreaterThan(0);
    }
  });
});
