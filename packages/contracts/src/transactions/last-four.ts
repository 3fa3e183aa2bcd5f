// The last 4 digits come from the token or the masked account number; an unreadable card token gives
// 'n/a'. A card token is dash-separated; the display is the part after the first dash. Tokens read
// ISSUER-last4-mm-yyyy (cards) or BANK-last4 (ACH).
export const unreadableLastFour = 'n/a';

// The digits right after the first dash; anything else (an opaque processor token) is unreadable.
// Read with indexOf rather than split: an export reads it for every row.
export function lastFourFromToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const text = token.trim();
  const firstDash = text.indexOf('-');
  if (firstDash === -1) return null;
  const nextDash = text.indexOf('-', firstDash + 1);
  const afterFirstDash = text.slice(firstDash + 1, nextDash === -1 ? text.length : nextDash);
  return /^\d{4}$/.test(afterFirstDash) ? afterFirstDash : null;
}

// AUTH_MASKED_ACCOUNT_NBR of the processor's answer ('XXXXXXXXXXXX1234'): its last four characters,
// when they are digits.
export function lastFourFromMaskedAccountNumber(masked: string | null | undefined): string | null {
  if (!masked) return null;
  const match = /(\d{4})$/.exec(masked.trim());
  return match?.[1] ?? null;
}

// The token first (Portico's own record), then the processor's masked number.
export function lastFourDigitsOfTransaction(source: {
  token: string | null | undefined;
  maskedAccountNumber: string | null | undefined;
}): string {
  return (
    lastFourFromToken(source.token) ??
    lastFourFromMaskedAccountNumber(source.maskedAccountNumber) ??
    unreadableLastFour
  );
}
