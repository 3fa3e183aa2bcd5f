// Spec 3 §9 "Last 4 digits come from the token or the masked account number"; §5 "Unreadable card
// token gives 'n/a' for the last 4 digits"; §9 "Card token: dash-separated; the display is the part
// after the first dash". Tokens read ISSUER-last4-mm-yyyy (cards) or BANK-last4 (ACH).
export const unreadableLastFour = 'n/a';

// The digits right after the first dash; anything else (an opaque processor token) is unreadable.
export function lastFourFromToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const [, afterFirstDash] = token.trim().split('-');
  return afterFirstDash !== undefined && /^\d{4}$/.test(afterFirstDash) ? afterFirstDash : null;
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
