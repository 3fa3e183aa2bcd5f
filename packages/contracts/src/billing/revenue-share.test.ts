import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageTicketCents,
  owedToParentCents,
  revShareBasisOf,
  revShareOf,
  revSharePercentHundredths,
} from './revenue-share';

describe('revShareOf', () => {
  it("shares the profit at the parent's percentage", () => {
    expect(
      revShareOf({
        feesCollectedCents: 10_000,
        costingCents: 6_000,
        percentage: '12.50',
        formula: 'profit * rev_share_percentage / 100',
      }),
    ).toEqual({
      revenueCollectedCents: 10_000,
      costingCents: 6_000,
      profitCents: 4_000,
      payoutCents: 500,
      postPayoutProfitCents: 3_500,
      basis: 'profit',
      isFormulaKnown: true,
    });
  });

  it('shares the fees collected when the formula says fees', () => {
    const parts = revShareOf({
      feesCollectedCents: 10_000,
      costingCents: 6_000,
      percentage: '10.00',
      formula: 'FEES *  rev_share_percentage / 100',
    });
    expect(parts.payoutCents).toBe(1_000);
    expect(parts.postPayoutProfitCents).toBe(3_000);
    expect(parts.basis).toBe('fees');
  });

  it('rounds half away from zero to the cent', () => {
    expect(
      revShareOf({ feesCollectedCents: 5, costingCents: 0, percentage: '50', formula: null }).payoutCents,
    ).toBe(3);
  });

  it('never shares a loss', () => {
    const parts = revShareOf({
      feesCollectedCents: 100,
      costingCents: 400,
      percentage: '50.00',
      formula: null,
    });
    expect(parts.profitCents).toBe(-300);
    expect(parts.payoutCents).toBe(0);
    expect(parts.postPayoutProfitCents).toBe(-300);
  });

  it('shares the profit under a formula it does not know, and says so', () => {
    const parts = revShareOf({
      feesCollectedCents: 1_000,
      costingCents: 0,
      percentage: '10',
      formula: 'volume * 2',
    });
    expect(parts).toMatchObject({ basis: 'profit', isFormulaKnown: false, payoutCents: 100 });
  });

  it('adds up for any fees, costs, percentage and formula', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(null, 'profit * rev_share_percentage / 100', 'fees * rev_share_percentage / 100'),
        (fees, costs, hundredths, formula) => {
          const percentage = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
          const parts = revShareOf({ feesCollectedCents: fees, costingCents: costs, percentage, formula });
          expect(parts.revenueCollectedCents - parts.costingCents).toBe(parts.profitCents);
          expect(parts.payoutCents + parts.postPayoutProfitCents).toBe(parts.profitCents);
          expect(parts.payoutCents).toBeGreaterThanOrEqual(0);
          const basis = parts.basis === 'fees' ? fees : parts.profitCents;
          if (basis > 0) expect(parts.payoutCents).toBeLessThanOrEqual(basis);
          expect(Number.isSafeInteger(parts.payoutCents)).toBe(true);
        },
      ),
    );
  });
});

describe('revenue share helpers', () => {
  it('reads the percentage in decimal format, within 0 to 100', () => {
    expect(revSharePercentHundredths('12.50')).toBe(1250);
    expect(revSharePercentHundredths('0.00')).toBe(0);
    expect(revSharePercentHundredths('150')).toBe(10_000);
    expect(revSharePercentHundredths('-5')).toBe(0);
    expect(revSharePercentHundredths('abc')).toBe(0);
  });

  it('knows the profit and fees formulas', () => {
    expect(revShareBasisOf(null)).toBe('profit');
    expect(revShareBasisOf(' profit * rev_share_percentage / 100 ')).toBe('profit');
    expect(revShareBasisOf('fees * rev_share_percentage / 100')).toBe('fees');
    expect(revShareBasisOf('profit * 2')).toBeNull();
  });

  it('nets unpaid client fees from what is owed, and averages the ticket', () => {
    expect(owedToParentCents(500, 200)).toBe(300);
    expect(owedToParentCents(100, 995)).toBe(-895);
    expect(averageTicketCents(1_000, 3)).toBe(333);
    expect(averageTicketCents(1_000, 0)).toBe(0);
  });
});
