import { z } from 'zod';
import { formatCentsAsDecimal, formatCentsAsMoney, parseDecimalToCents } from './decimal';

export { formatCentsAsDecimal, formatCentsAsMoney, parseDecimalToCents };

// Money is integer cents everywhere inside Portico; the API speaks decimal strings with 2 places.
// These are the only conversions: no float arithmetic on money anywhere else.

// A wire decimal ('-12.50') as money text ('-$12.50'); text that is not a decimal is shown as it is.
export function formatDecimalAsMoney(decimal: string): string {
  const cents = parseDecimalToCents(decimal);
  return cents === null ? decimal : formatCentsAsMoney(cents);
}

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
