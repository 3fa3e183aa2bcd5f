// The decimal text <-> integer cents conversions, without zod, so the payment frame's small bundle
// can use them too (money.ts re-exports them).

const decimalPattern = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

export function parseDecimalToCents(text: string): number | null {
  const match = decimalPattern.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

export function formatCentsAsDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

// How people read an amount: '-$1,234.50'. The sign first, then the currency sign, thousands
// separators and 2 decimals; built from the exact decimal text, never through a float.
export function formatCentsAsMoney(cents: number): string {
  const decimal = formatCentsAsDecimal(cents);
  const isNegative = decimal.startsWith('-');
  const [whole = '0', fraction = '00'] = (isNegative ? decimal.slice(1) : decimal).split('.');
  return `${isNegative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

// Chart axis ticks only ('$12.5K'): whole dollars are precise enough for a scale; a figure people
// read as an amount uses formatCentsAsMoney.
export function formatCentsAsCompactMoney(cents: number): string {
  return compactMoney.format(Math.round(cents / 100));
}
