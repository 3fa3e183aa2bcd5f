import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultDisputeRatioThresholdHundredths,
  disputeRatioOf,
  disputeThresholdBody,
  hundredthsAsPercentText,
  maxDisputeRatioThresholdHundredths,
  minDisputeRatioThresholdHundredths,
  parsePercentToHundredths,
} from './dispute-ratio';

const counts = fc.record({
  disputes: fc.integer({ min: 0, max: 1_000_000 }),
  cardSales: fc.integer({ min: 0, max: 100_000_000 }),
});
const threshold = fc.integer({
  min: minDisputeRatioThresholdHundredths,
  max: maxDisputeRatioThresholdHundredths,
});

describe('disputeRatioOf', () => {
  it('gives the ratio as a percentage rounded to two decimals', () => {
    expect(disputeRatioOf({ disputes: 9, cardSales: 1000 }, 90)).toEqual({
      ratioHundredths: 90,
      isFlagged: false,
    });
    expect(disputeRatioOf({ disputes: 10, cardSales: 1000 }, 90)).toEqual({
      ratioHundredths: 100,
      isFlagged: true,
    });
    // 1 / 3 = 33.333...%; 2 / 3 = 66.666...% rounds up.
    expect(disputeRatioOf({ disputes: 1, cardSales: 3 }, 90).ratioHundredths).toBe(3333);
    expect(disputeRatioOf({ disputes: 2, cardSales: 3 }, 90).ratioHundredths).toBe(6667);
  });

  it('flags on the exact ratio, not the rounded one (0.9004% is over 0.90%)', () => {
    expect(disputeRatioOf({ disputes: 9004, cardSales: 1_000_000 }, 90)).toEqual({
      ratioHundredths: 90,
      isFlagged: true,
    });
  });

  it('zero sales: 0 and not flagged without disputes; no ratio and flagged with any', () => {
    expect(disputeRatioOf({ disputes: 0, cardSales: 0 }, 90)).toEqual({
      ratioHundredths: 0,
      isFlagged: false,
    });
    expect(disputeRatioOf({ disputes: 1, cardSales: 0 }, 90)).toEqual({
      ratioHundredths: null,
      isFlagged: true,
    });
  });

  it('property: the ratio is never negative, and null only for disputes without sales', () => {
    fc.assert(
      fc.property(counts, threshold, (c, t) => {
        const { ratioHundredths } = disputeRatioOf(c, t);
        if (ratioHundredths === null) return c.cardSales === 0 && c.disputes > 0;
        return ratioHundredths >= 0 && Number.isInteger(ratioHundredths);
      }),
    );
  });

  it('property: flagged iff disputes / sales > threshold (exactly, by cross-multiplying)', () => {
    fc.assert(
      fc.property(counts, threshold, (c, t) => {
        const { isFlagged } = disputeRatioOf(c, t);
        const exact = c.cardSales === 0 ? c.disputes > 0 : c.disputes / c.cardSales > t / 10_000;
        // Floats may tie at the boundary; the integer comparison is the rule.
        return (
          isFlagged === c.disputes * 10_000 > t * c.cardSales &&
          (isFlagged === exact || c.disputes * 10_000 === t * c.cardSales)
        );
      }),
    );
  });

  it('property: the rounded ratio is within half a hundredth of the exact one', () => {
    fc.assert(
      fc.property(counts, threshold, (c, t) => {
        fc.pre(c.cardSales > 0);
        const { ratioHundredths } = disputeRatioOf(c, t);
        const exact = (c.disputes * 10_000) / c.cardSales;
        return ratioHundredths !== null && Math.abs(ratioHundredths - exact) <= 0.5 + 1e-9;
      }),
    );
  });

  it('property: no disputes is never flagged, whatever the sales and threshold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), threshold, (sales, t) => {
        return !disputeRatioOf({ disputes: 0, cardSales: sales }, t).isFlagged;
      }),
    );
  });

  it('property: more disputes at the same sales never clears a flag', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 0, max: 1000 }), threshold, (c, more, t) => {
        const before = disputeRatioOf(c, t).isFlagged;
        const after = disputeRatioOf({ ...c, disputes: c.disputes + more }, t).isFlagged;
        return !before || after;
      }),
    );
  });
});

describe('the threshold as staff type it', () => {
  it('defaults to 0.90%', () => {
    expect(hundredthsAsPercentText(defaultDisputeRatioThresholdHundredths)).toBe('0.90');
  });

  it('reads a percentage with at most two decimals from 0.01 to 100', () => {
    expect(parsePercentToHundredths('0.9')).toBe(90);
    expect(parsePercentToHundredths('12')).toBe(1200);
    expect(parsePercentToHundredths('1.234')).toBeNull();
    expect(parsePercentToHundredths('-1')).toBeNull();
    for (const ok of ['0.01', '0.9', '100', '100.00']) {
      expect(disputeThresholdBody.safeParse({ threshold: ok }).success, ok).toBe(true);
    }
    for (const bad of ['0', '0.00', '100.01', '101', 'abc', '1.234', '']) {
      expect(disputeThresholdBody.safeParse({ threshold: bad }).success, bad).toBe(false);
    }
  });

  it('property: the text and the hundredths round-trip', () => {
    fc.assert(fc.property(threshold, (t) => parsePercentToHundredths(hundredthsAsPercentText(t)) === t));
  });
});
