// What a payer or an operator reads when a card payment is declined: a short reason they can act
// on, never the processor's code or its own text. Processors answer a decline with an ISO 8583
// response code (the sandboxes too, see the README's Sandboxes section); each code a person can act
// on has its words, every other code (or none) reads the generic one. The server answers a decline
// with declineMessageOf, so the payment frame and the virtual terminal show the same words.

export const DeclineText = {
  DeclinedByBank: 'Declined by the bank. Try another card or contact your bank.',
  CardExpired: 'The card has expired. Try another card.',
  OverLimit: 'Over the card limit. Try a smaller amount or another card.',
  CardDetailsWrong: 'The card details were not accepted. Check the card number, expiry and security code.',
  CardNotAllowed: 'This card cannot be used for this payment. Try another card.',
  Generic: 'The payment was declined. Try another card or contact your bank.',
} as const;

export type DeclineMessage = (typeof DeclineText)[keyof typeof DeclineText];

// The response codes with their own words. Lost, stolen and fraud codes (41, 43, 59) read as a plain
// bank decline: the payer is not told more than their bank would tell them.
const declineMessages: Readonly<Record<string, DeclineMessage>> = {
  '05': DeclineText.DeclinedByBank,
  '41': DeclineText.DeclinedByBank,
  '43': DeclineText.DeclinedByBank,
  '59': DeclineText.DeclinedByBank,
  '51': DeclineText.OverLimit,
  '61': DeclineText.OverLimit,
  '65': DeclineText.OverLimit,
  '33': DeclineText.CardExpired,
  '54': DeclineText.CardExpired,
  '14': DeclineText.CardDetailsWrong,
  '55': DeclineText.CardDetailsWrong,
  '82': DeclineText.CardDetailsWrong,
  N7: DeclineText.CardDetailsWrong,
  '57': DeclineText.CardNotAllowed,
  '62': DeclineText.CardNotAllowed,
};

export function declineMessageOf(code: string | null | undefined): DeclineMessage {
  const key = code?.trim().toUpperCase() ?? '';
  return Object.hasOwn(declineMessages, key)
    ? (declineMessages[key] ?? DeclineText.Generic)
    : DeclineText.Generic;
}
