import { digitsOf, fullYearOf, numberAndExpiryProblemOf } from '@portico/contracts/payment-frame/card';
import type { ChargeMethod, TokenizeBody } from '@portico/contracts/payment-frame/charge';
import type { PaymentOption } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { sandboxWalletCards } from '@portico/contracts/payment-frame/wallet';
import type { ChargeGateway, PaymentToken } from '../../integrations/processors/processor-gateway';
import type { AppError } from '../../lib/app-error';

// The card payments that are not keyed: the card reader field (swipe) and the wallets
// (Apple Pay, Google Pay). Each is a card token of its own kind from /tokenize, charged through the
// merchant's card processor like a keyed card; the token says how the card came in, so a keyed
// card's token cannot be booked as a swipe or a wallet payment, nor the other way round.

type CardEntryBody = Extract<TokenizeBody, { kind: 'swipe' | 'wallet' }>;

export function isCardEntryBody(body: TokenizeBody): body is CardEntryBody {
  return body.kind === 'swipe' || body.kind === 'wallet';
}

// POST /api/payment-frame/tokenize for a swipe (the number and expiry read in the browser; the
// track text never comes here) or the sandbox wallet sheet's confirmed card.
export async function tokenizeCardEntry(
  deps: { gateway: ChargeGateway; now: () => Date },
  body: CardEntryBody,
  invalid: (message: string) => AppError,
): Promise<PaymentToken> {
  if (body.kind === 'wallet') {
    const card = sandboxWalletCards.find((candidate) => candidate.issuer === body.issuer);
    if (card === undefined) throw invalid(PaymentFrameText.CardNumberNotValid);
    return deps.gateway.tokenizeWallet(
      { wallet: body.wallet, issuer: card.issuer, last4: card.last4 },
      deps.now(),
    );
  }
  // This build's only gateway is the sandbox: test card numbers only (they begin with 1).
  const problem = numberAndExpiryProblemOf(body, deps.now(), true);
  if (problem !== null) throw invalid(problem);
  return deps.gateway.tokenizeSwiped({
    number: digitsOf(body.number),
    expMonth: Number(body.expMonth),
    expYear: fullYearOf(Number(body.expYear)),
  });
}

const entryOfMethod: Partial<Record<ChargeMethod, PaymentToken['entry']>> = {
  swipe: 'swiped',
  apple_pay: 'apple_pay',
  google_pay: 'google_pay',
};

// Whether a token may pay by the method the frame sent: a bank token only for bank, a swiped or
// wallet token only for its own method, a keyed card's only for credit_card.
export function isTokenForMethod(method: ChargeMethod, token: PaymentToken): boolean {
  if (method === 'bank') return token.issuer === 'BANK';
  return token.issuer !== 'BANK' && token.entry === entryOfMethod[method];
}

// The payment option (as the frame offers it) a charge stands for; a saved token is a card or a bank account.
export function optionOfCharge(method: ChargeMethod, isBankToken: boolean): PaymentOption {
  if (method === 'saved' || method === 'credit_card' || method === 'bank') {
    return isBankToken ? 'bank' : 'credit_card';
  }
  return method;
}

// The transaction row of a card option. The Action column names the method in words; Apple Pay is
// its own action_mode (one that adds to the gross), Google Pay books as a charge.
export function cardRowOf(option: PaymentOption) {
  const action =
    option === 'apple_pay'
      ? 'Apple Pay sale'
      : option === 'google_pay'
        ? 'Google Pay sale'
        : option === 'swipe'
          ? 'Swiped sale'
          : option === 'newpos' || option === 'pax' || option === 'terminal'
            ? 'Terminal sale'
            : 'sale';
  return {
    type: 'charge' as const,
    actionMode: option === 'apple_pay' ? ('apple_pay' as const) : ('charge' as const),
    action,
    paymentMethod: 'card' as const,
  };
}

// How the card came in, kept in the transaction meta (keyed cards keep none).
export function entryMetaOf(option: PaymentOption): Record<string, string> {
  if (option === 'swipe') return { entry_mode: 'swiped' };
  if (option === 'apple_pay' || option === 'google_pay') return { entry_mode: 'wallet', wallet: option };
  return {};
}
