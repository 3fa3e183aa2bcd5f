import {
  grossAmountCentsOfTransaction,
  isFailedPayment,
  netAmountCentsOfTransaction,
  type TransactionMoneyFacts,
} from './gross-net';

// The one total of a list of transactions: the grid footers, the search header and
// the dashboard read it, so two totals of the same rows cannot disagree.
// - The search total, average and count exclude failed or declined items.
// - Each counted item adds its gross amount (gross-net.ts: voids, refunds and credits subtract) and,
//   when every item carries its fee (REPORTS_ADVANCED), its net amount.
// The average is of the gross amounts.

export type SearchTotalsItem = {
  facts: TransactionMoneyFacts;
  // false: the caller may not see the fee, so there is no net to add.
  hasFee: boolean;
  // The processor's status text ('Approved', 'Declined', ...).
  status: string | null;
};

export type SearchTotals = {
  grossCents: number;
  // null when any counted item came without its fee.
  netCents: number | null;
  averageCents: number;
  count: number;
};

// The names the totals carry wherever they are shown ("says which it is").
export const TotalsLabel = {
  Gross: 'Gross total',
  Net: 'Net total',
  Average: 'Average (gross)',
  Count: 'Count',
  Excluding: 'Excluding failed and declined',
} as const;

const excludedStatusTexts: ReadonlySet<string> = new Set(['declined', 'failed']);

// Failed: payment_status false. Declined: the processor said so, whatever payment_status holds.
export function isExcludedFromSearchTotals(item: Pick<SearchTotalsItem, 'facts' | 'status'>): boolean {
  if (isFailedPayment(item.facts.paymentStatus)) return true;
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
  let grossCents = 0;
  let netCents = 0;
  let hasNet = true;
  let count = 0;
  for (const item of items) {
    if (isExcludedFromSearchTotals(item)) continue;
    grossCents += grossAmountCentsOfTransaction(item.facts);
    netCents += netAmountCentsOfTransaction(item.facts);
    if (!item.hasFee) hasNet = false;
    count += 1;
  }
  if (!Number.isSafeInteger(grossCents) || !Number.isSafeInteger(netCents)) {
    throw new RangeError('Search total is beyond exact arithmetic');
  }
  return {
    grossCents,
    netCents: hasNet ? netCents : null,
    averageCents: averageCentsRoundedHalfUp(grossCents, count),
    count,
  };
}
