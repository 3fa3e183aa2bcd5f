import type { PaymentFrameParams } from './params';

// The terms a signed payment link carries beyond its amount: whether it pays once, and until when it
// takes payments. No zod here: the frame bundle imports this file.
//
// - A one-time link is a link builder's one-time charge (source 'link-builder', not a subscription).
//   The server records its payment and refuses a second one, by the same payer or another; a declined
//   payment leaves it payable. Subscription links, payment pages and the virtual terminal (their
//   params carry no such source) take any number of payments.
// - Its identity is the `linkId` the server puts in the params when it signs the link; a link signed
//   before links had one is known by its signature (the same params text always has the same one).
// - Any signed link may carry `expiresAt`; after it, the link takes no payment.
// Unsigned params bind nothing: only a virtual terminal user may charge with them, as ever.

export const linkBuilderSource = 'link-builder';

// open: the form is shown; paid and expired: the frame shows why instead.
export const linkStates = ['open', 'paid', 'expired'] as const;
export type LinkState = (typeof linkStates)[number];

export function isOneTimeLink(params: PaymentFrameParams): boolean {
  return params.source === linkBuilderSource && params.paymentType !== 'subscription';
}

// The link's own identity within its merchant: its id, else its signature.
export function oneTimeLinkIdentity(params: PaymentFrameParams, sig: string): string {
  return params.linkId === undefined ? `sig:${sig}` : `id:${params.linkId}`;
}

// An expiry that cannot be read counts as passed: a link never takes payments by mistake.
export function isLinkExpired(params: PaymentFrameParams, now: Date): boolean {
  if (params.expiresAt === undefined) return false;
  const expiresAt = Date.parse(params.expiresAt);
  return Number.isNaN(expiresAt) || expiresAt <= now.getTime();
}

export const LinkTermsText = {
  AlreadyPaid: 'This payment link has already been paid.',
  Expired: 'This payment link has expired.',
  PaymentInProgress: 'A payment on this link is already under way. Please wait a moment and reload the page.',
  // The link builder's.
  ExpiryInPast: 'The expiry must be in the future.',
} as const;

export const LinkTermsErrorCode = {
  AlreadyPaid: 'LINK_ALREADY_PAID',
  Expired: 'LINK_EXPIRED',
  PaymentInProgress: 'LINK_PAYMENT_IN_PROGRESS',
  ExpiryInPast: 'LINK_EXPIRY_IN_PAST',
} as const;

// What the frame shows instead of the card form; null: the form.
export function linkStateMessage(state: LinkState | undefined): string | null {
  if (state === 'paid') return LinkTermsText.AlreadyPaid;
  if (state === 'expired') return LinkTermsText.Expired;
  return null;
}
