// Sensitive values leave the server only as their last four characters. A typed identifier (an
// account number, a processor's key) keeps its last four letters or digits, separators left out.
export function lastFour(value: string): string {
  const compact = value.replace(/[^0-9A-Za-z]/g, '');
  return compact.slice(-4);
}

// A key or secret Portico issued: its last four characters exactly as issued (a base64url secret may
// end in '-' or '_'), so the person can match the mask with the one they hold.
export function lastFourAsIssued(secret: string): string {
  return secret.slice(-4);
}

export function maskedFromLastFour(last4: string | null | undefined): string | null {
  if (!last4) return null;
  return `****${last4}`;
}

export function maskValue(value: string | null | undefined): string | null {
  if (!value) return null;
  return maskedFromLastFour(lastFour(value));
}
