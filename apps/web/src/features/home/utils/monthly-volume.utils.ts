import type { MonthlyVolume } from '@portico/contracts/transactions/stats';
import { centsOfMoneyText } from '@portico/contracts/transactions/transaction';

// The chart is responsive below 600px; 1024px is the mobile threshold of the page.
export const compactChartMaxWidthPx = 600;
export const mobileMaxWidthPx = 1024;

// The chart plots integer cents, so no money passes through float arithmetic on the way.
export type MonthlyVolumePoint = { month: string; cents: number };

export function monthlyVolumePoints(volume: readonly MonthlyVolume[]): MonthlyVolumePoint[] {
  return volume.map((entry) => ({ month: entry.month, cents: centsOfMoneyText(entry.total) }));
}

export function hasMonthlyVolume(points: readonly MonthlyVolumePoint[]): boolean {
  return points.some((point) => point.cents !== 0);
}

export type MonthlyVolumeChartLayout = {
  heightPx: number;
  // Narrow charts keep the amount axis, on a narrower band, and slant the month labels so twelve of
  // them fit (a chart without its axis cannot be read).
  isCompact: boolean;
  monthLabelAngle: number;
  amountAxisWidthPx: number;
};

export function monthlyVolumeChartLayout(containerWidthPx: number): MonthlyVolumeChartLayout {
  const isCompact = containerWidthPx > 0 && containerWidthPx < compactChartMaxWidthPx;
  return isCompact
    ? { heightPx: 240, isCompact: true, monthLabelAngle: -45, amountAxisWidthPx: 52 }
    : { heightPx: 320, isCompact: false, monthLabelAngle: 0, amountAxisWidthPx: 72 };
}
