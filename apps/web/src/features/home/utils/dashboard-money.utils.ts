import { formatCentsAsMoney } from '@portico/contracts/money/money';
import { centsOfMoneyText } from '@portico/contracts/transactions/transaction';

const groupedWholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

// Cents as '$1,234.56' (aggregated amounts show 2 decimals); '-$25.00' below zero. The
// portal's one money format (contracts formatCentsAsMoney).
export function formatDashboardCents(cents: number): string {
  return formatCentsAsMoney(cents);
}

// An API amount ('1234.5' or '1234.56') as the dashboard shows it.
export function formatDashboardAmount(amount: string): string {
  return formatDashboardCents(centsOfMoneyText(amount));
}

export function formatDashboardCount(count: number): string {
  return groupedWholeNumber.format(count);
}
