import { parseDecimalToCents } from '../money/decimal';
import { PaymentFrameText } from './texts';

// The amount a payer may be charged (numeric, required, two decimals; ours: above zero and
// within the merchant's high-ticket limit). Either cents or the payer's message.
export type ChargeAmount = { ok: true; cents: number } | { ok: false; message: string };

export function chargeAmountOf(text: string, highTicketCents: number | null): ChargeAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: PaymentFrameText.FieldRequired };
  if (/^-?\d+\.\d{3,}$/.test(trimmed)) return { ok: false, message: PaymentFrameText.AmountTooManyDecimals };
  const cents = parseDecimalToCents(trimmed);
  if (cents === null) return { ok: false, message: PaymentFrameText.AmountNotValid };
  if (cents <= 0) return { ok: false, message: PaymentFrameText.AmountNotPositive };
  if (highTicketCents !== null && cents > highTicketCents) {
    return { ok: false, message: PaymentFrameText.AmountOverLimit };
  }
  return { ok: true, cents };
}
