import { z } from 'zod';
import { formatCentsAsDecimal, parseDecimalToCents } from './decimal';

export { formatCentsAsDecimal, parseDecimalToCents };

// Money is integer cents everywhere inside Portico; the API speaks decimal strings with 2 places.
// These are the only conversions: no float arithmetic on money anywhere else.

// An amount on the wire: "12.34", or a JSON number with at most 2 decimals; always parsed to cents.
export const moneyInput = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const cents = parseDecimalToCents(typeof value === 'number' ? String(value) : value);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'Amount must be a number with at most 2 decimals' });
    return z.NEVER;
  }
  return cents;
});

export const moneyOutput = z.string().regex(/^-?\d+\.\d{2}$/);

// How people read an amount: '-$1,234.50'. The sign first, then the currency sign, thousands
// separators and 2 decimals; built from the exact decimal text, never through a float.
export function formatCentsAsMoney(cents: number): string {
  const decimal = formatCentsAsDecimal(cents);
  const isNegative = decimal.startsWith('-');
  const [whole = '0', fraction = '00'] = (isNegative ? decimal.slice(1) : decimal).split('.');
  return `${isNegative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
