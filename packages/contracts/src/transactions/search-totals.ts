import { isFailedPayment } from './gross-net';
import type { PaymentStatusValue } from './transaction-enums';

// Spec 3 §9 "The search total, average and count exclude failed or declined items."
// The total adds the rows' amounts as the grid shows them (the search's own figure, not the gross
// rule: the spec defines it over items, with no sign by action mode).

export type SearchTotalsItem = {
  amountCents: number;
  paymentStatus: PaymentStatusValue;
  // The processor's status text ('Approved', 'Declined', ...).
  status: string | null;
};

export type SearchTotals = { totalCents: number; averageCents: number; count: number };

const excludedStatusTexts: ReadonlySet<string> = new Set(['declined', 'failed']);

// Failed: payment_status false. Declined: the processor said so, whatever payment_status holds.
export function isExcludedFromSearchTotals(item: SearchTotalsItem): boolean {
  if (isFailedPayment(item.paymentStatus)) return true;
  return item.status !== null && excludedStatusTexts.has(item.status.trim().toLowerCase());
}

// Rounded half up to the cent, ties away from zero (commercial rounding): 10.005 is 10.01 and
// -10.005 is -10.01. Integer arithmetic throughout; 0 when there is nothing to average.
export function averageCentsRoundedHalfUp(totalCents: number, count: number): number {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`Not a whole number of cents: ${totalCents}`);
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a count: ${count}`);
  if (count === 0) return 0;
  const magnitude = BigInt(Math.abs(totalCents));
  const divisor = BigInt(count);
  const rounded = Number((2n * magnitude + divisor) / (2n * divisor));
  return totalCents < 0 ? -rounded : rounded;
}

export function searchTotals(items: Iterable<SearchTotalsItem>): SearchTotals {
  let totalCents = 0;
  let count = 0;
  for (const item of items) {
    if (isExcludedFromSearchTotals(item)) continue;
    totalCents += item.amountCents;
    count += 1;
  }
  if (!Number.isSafeInteger(totalCents)) throw new RangeError('Search total is beyond exact arithmetic');
  return { totalCents, averageCents: averageCentsRoundedHalfUp(totalCents, count), count };
}
