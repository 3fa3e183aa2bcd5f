import { describe, expect, it } from 'vitest';
import {
  compactChartMaxWidthPx,
  hasMonthlyVolume,
  monthlyVolumeChartLayout,
  monthlyVolumePoints,
} from './monthly-volume.utils';

describe('monthly payout volume', () => {
  it('plots each YYYY-MM month in integer cents', () => {
    expect(
      monthlyVolumePoints([
        { month: '2026-04', total: '1234.56' },
        { month: '2026-05', total: '-25.00' },
      ]),
    ).toEqual([
      { month: '2026-04', cents: 123456 },
      { month: '2026-05', cents: -2500 },
    ]);
  });

  it('has something to chart only when a month is not zero', () => {
    expect(hasMonthlyVolume([])).toBe(false);
    expect(hasMonthlyVolume([{ month: '2026-04', cents: 0 }])).toBe(false);
    expect(
      hasMonthlyVolume([
        { month: '2026-04', cents: 0 },
        { month: '2026-05', cents: -2500 },
      ]),
    ).toBe(true);
  });

  it('turns compact below 600px: a narrower amount axis, slanted months, a lower chart', () => {
    const narrow = monthlyVolumeChartLayout(compactChartMaxWidthPx - 1);
    expect(narrow).toEqual({ heightPx: 240, isCompact: true, monthLabelAngle: -45, amountAxisWidthPx: 52 });
    const wide = monthlyVolumeChartLayout(compactChartMaxWidthPx);
    expect(wide).toEqual({ heightPx: 320, isCompact: false, monthLabelAngle: 0, amountAxisWidthPx: 72 });
    // Before the first measurement (width 0) the full layout shows.
    expect(monthlyVolumeChartLayout(0).isCompact).toBe(false);
  });
});
