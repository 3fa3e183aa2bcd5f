import { PaymentFrameText } from './texts';

// Card and bank-account checks both sides make before anything reaches a processor. Pure; no zod
// (the frame bundle imports them).

export function digitsOf(text: string): string {
  return text.replace(/[\s-]/g, '');
}

export function isLuhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

// Sandbox card numbers begin with '1'.
export function isSandboxCardNumber(number: string): boolean {
  return number.startsWith('1');
}

// A two-digit year is in this century.
export function fullYearOf(year: number): number {
  return year < 100 ? 2000 + year : year;
}

// A card is good through the last day of its expiry month (UTC).
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = fullYearOf(expYear);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
}

// ABA routing number: 9 digits with the 3-7-1 checksum.
export function isRoutingNumberValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(routing[index]), 0);
  return sum % 10 === 0;
}

export function isAccountNumberValid(account: string): boolean {
  return /^\d{4,17}$/.test(account);
}

export type CardInput = { number: string; expMonth: string; expYear: string; cvv: string };

// The payer's first problem with the card, in words; null when it may go to tokenisation.
export function cardProblemOf(card: CardInput, now: Date, isSandbox: boolean): string | null {
  const problem = numberAndExpiryProblemOf(card, now, isSandbox);
  if (problem !== null) return problem;
  if (!/^\d{3,4}$/.test(card.cvv.trim())) return PaymentFrameText.CvvNotValid;
  return null;
}

// A card read by a card reader: the stripe carries no CVV.
export function numberAndExpiryProblemOf(
  card: Omit<CardInput, 'cvv'>,
  now: Date,
  isSandbox: boolean,
): string | null {
  const number = digitsOf(card.number);
  if (!isLuhnValid(number)) return PaymentFrameText.CardNumberNotValid;
  if (isSandbox && !isSandboxCardNumber(number)) return PaymentFrameText.SandboxCardOnly;
  if (!/^\d{1,2}$/.test(card.expMonth.trim()) || !/^(\d{2}|\d{4})$/.test(card.expYear.trim())) {
    return PaymentFrameText.ExpiryNotValid;
  }
  const month = Number(card.expMonth);
  if (month < 1 || month > 12) return PaymentFrameText.ExpiryNotValid;
  if (isCardExpired(month, Number(card.expYear), now)) return PaymentFrameText.CardExpired;
  return null;
}
