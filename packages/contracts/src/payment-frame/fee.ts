// The fee a payer pays on top of the amount (the configurator's 'Fee Value', showFeeValue and
// feeMessage; card_p2c / ach_p2c: the merchant passes its processing rate to the customer).
// No zod and no float: the frame's small bundle shows the fee before paying with the same rule the
// charge path charges it with.

// A flat pricing string '2.90+0.30' (percent + dollars per item) in integer units: percent to 5
// decimals as milli-basis-points (1 % = 100,000), the item fee in cents. Interchange-plus pricing
// ('IC+10bps+5c') is not known before the processor answers: no fee can be passed on up front (null).
const flatRate = /^(\d{1,3})(?:\.(\d{1,5}))?%?\+\$?(\d{1,4})(?:\.(\d{1,2}))?$/;

export function flatRateOf(rate: string): { percentMilliBps: number; itemCents: number } | null {
  const match = flatRate.exec(rate.trim());
  if (!match) return null;
  const [, percentWhole = '0', percentFraction = '', itemWhole = '0', itemFraction = ''] = match;
  return {
    percentMilliBps: Number(percentWhole) * 100_000 + Number(percentFraction.padEnd(5, '0')),
    itemCents: Number(itemWhole) * 100 + Number(itemFraction.padEnd(2, '0')),
  };
}

// The fee in cents for an amount: the percentage rounded half up to the cent, plus the item fee.
// null rate: the merchant does not pass this method's rate on.
export function passedOnFeeCents(amountCents: number, rate: string | null): number {
  if (rate === null || amountCents <= 0) return 0;
  const flat = flatRateOf(rate);
  if (flat === null) return 0;
  // 100 % of the amount is 10,000,000 milli-bps-cents per cent: BigInt keeps large amounts exact.
  const scaled = BigInt(amountCents) * BigInt(flat.percentMilliBps);
  const percentCents = Number((scaled + 5_000_000n) / 10_000_000n);
  return percentCents + flat.itemCents;
}

// The fee the payer pays and the total charged, when the page shows the fee (showFeeValue) and the
// merchant passes the method's rate on; otherwise no fee and the amount itself.
export function chargeWithFee(
  amountCents: number,
  rate: string | null,
  isFeeShown: boolean,
): { feeCents: number; totalCents: number } {
  const feeCents = isFeeShown ? passedOnFeeCents(amountCents, rate) : 0;
  return { feeCents, totalCents: amountCents + feeCents };
}

// Which passed-on rate a payment method pays (card_p2c, ach_p2c): the bank rate for a bank
// account, none for cash (no processor) or a saved method the frame cannot tell apart, and the card
// rate for every way a card is paid: keyed, swiped, a wallet or a linked device (card_p2c passes the
// card processing rate on, however the card comes in).
export function passedOnRateOfMethod(
  method: string,
  rates: { credit_card: string | null; bank: string | null },
): string | null {
  if (method === 'bank') return rates.bank;
  if (method === 'cash' || method === 'saved') return null;
  return rates.credit_card;
}
