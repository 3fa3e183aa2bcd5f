import { describe, expect, it } from 'vitest';
import { billStateOf, monthlyBillAmountCents } from './billing';

describe('billStateOf', () => {
  it('is paid before anything else, then not enabled, else payable', () => {
    expect(billStateOf({ isPaid: true, isMerchantEnabled: false })).toBe('paid');
    expect(billStateOf({ isPaid: false, isMerchantEnabled: false })).toBe('merchantNotEnabled');
    expect(billStateOf({ isPaid: false, isMerchantEnabled: true })).toBe('payable');
  });
});

describe('monthlyBillAmountCents', () => {
  it('asks a merchant without transactions for its monthly fee and whole minimum', () => {
    expect(
      monthlyBillAmountCents({
        isTransactingInMonth: false,
        monthlyFeeCents: 995,
        monthlyMinimumCents: 2_500,
      }),
    ).toBe(3_495);
  });

  it('asks nothing of a merchant whose statement already took the fees', () => {
    expect(
      monthlyBillAmountCents({
        isTransactingInMonth: true,
        monthlyFeeCents: 995,
        monthlyMinimumCents: 2_500,
      }),
    ).toBe(0);
  });
});
