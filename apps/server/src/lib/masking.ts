// Sensitive values leave the server only as their last four characters.
export function lastFour(value: string): string {
  const compact = value.replace(/[^0-9A-Za-z]/g, '');
  return compact.slice(-4);
}

export function maskedFromLastFour(last4: string | null | undefined): string | null {
  if (!last4) return null;
  return `****${last4}`;
}

export function maskValue(value: string | null | undefined): string | null {
  if (!value) return null;
  return maskedFromLastFour(lastFour(value));
}
