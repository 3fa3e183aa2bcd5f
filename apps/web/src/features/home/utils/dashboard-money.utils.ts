import { centsOfMoneyText } from '@portico/contracts/transactions/transaction';

const groupedWholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

// Whole dollars grouped by thousands; the cents stay integer digits (no float arithmetic on money).
function groupDigits(wholeDigits: string): string {
  return wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// Cents as '$1,234.56' (spec 3 §9: aggregated amounts show 2 decimals); '-$25.00' below zero.
export function formatDashboardCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = groupDigits(String(Math.trunc(abs / 100)));
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

// An API amount ('1234.5' or '1234.56') as the dashboard shows it.
export function formatDashboardAmount(amount: string): string {
  return formatDashboardCents(centsOfMoneyText(amount));
}

export function formatDashboardCount(count: number): string {
  return groupedWholeNumber.format(count);
}
