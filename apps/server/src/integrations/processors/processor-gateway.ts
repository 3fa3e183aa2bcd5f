import type { DisputeCategory, EvidenceKind } from '@portico/contracts/disputes/dispute-rules';
import type { processor } from '../../db/schema/enums';

// The card, ACH and crypto processors are outside services. Portico speaks to each
// through this interface; this build ships a deterministic sandbox behind it.

export type ProcessorName = (typeof processor.enumValues)[number];

// What a processor needs to undo a payment. Never a card number: Portico holds only tokens.
export type GatewayTransaction = {
  id: string;
  processor: ProcessorName | null;
  paymentMethod: string | null;
  amountCents: number;
  token: string | null;
};

export type GatewayAnswer =
  | { outcome: 'approved'; reference: string }
  // code: the processor's response code (ISO 8583: '05', '51'…), worded for people by contracts
  // payment-frame/decline.ts; reason: its own text, kept for the audit and never shown to a payer.
  | { outcome: 'declined'; reference: string; reason: string; code: string };

// Every money-moving call carries an idempotency key (the payment attempt's id, lib/money-attempt.ts):
// the processor moves the money at most once per key and answers a repeated key with its first answer.
export type ProcessorGateway = {
  readonly name: string;
  void(transaction: GatewayTransaction, idempotencyKey: string): Promise<GatewayAnswer>;
  refund(
    transaction: GatewayTransaction,
    amountCents: number,
    idempotencyKey: string,
  ): Promise<GatewayAnswer>;
  // The answer the processor gave to this key; null when it never received it.
  lookup(idempotencyKey: string): Promise<GatewayAnswer | null>;
};

// Picks the gateway of the processor that took the payment (null: the record names none).
export type ProcessorDirectory = {
  gatewayFor(processor: ProcessorName | null): ProcessorGateway;
};

// Taking a payment (the payment frame, the virtual terminal). Card numbers and CVVs reach only
// tokenizeCard, Portico's one call that carries them; everything after works on the token.
export type CardDetails = { number: string; expMonth: number; expYear: number; cvv: string };
// How a card reached Portico other than keyed: read by a card reader (no CVV), or a wallet's
// device token (Apple Pay, Google Pay). The token carries it, so a keyed card's token cannot be
// booked as a swipe or a wallet payment.
export type CardEntry = 'swiped' | 'apple_pay' | 'google_pay';
export type SwipedCardDetails = { number: string; expMonth: number; expYear: number };
export type WalletDetails = { wallet: 'apple_pay' | 'google_pay'; issuer: 'VISA' | 'MC'; last4: string };
export type BankDetails = {
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
};

export type TokenIssuer = 'VISA' | 'MC' | 'DISC' | 'AMEX' | 'BANK';

// What Portico may keep of a payment method: the token, brand, last four and expiry.
export type PaymentToken = {
  token: string;
  issuer: TokenIssuer;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  // Absent: keyed (or a bank account, or a saved vault token).
  entry?: CardEntry;
};

export type GatewayCharge = { transactionId: string; amountCents: number; token: string };

export type ChargeGateway = {
  readonly name: string;
  tokenizeCard(card: CardDetails): Promise<PaymentToken>;
  tokenizeBank(bank: BankDetails): Promise<PaymentToken>;
  tokenizeSwiped(card: SwipedCardDetails): Promise<PaymentToken>;
  tokenizeWallet(wallet: WalletDetails, now: Date): Promise<PaymentToken>;
  // The facts of a one-time token this gateway issued (tokenizeCard, tokenizeBank, tokenizeSwiped,
  // tokenizeWallet); null for anything else: a saved method's token or its display form, a made-up
  // string, or an issued token that has expired. Keyed, swiped, wallet and bank payments are taken
  // only with such a token.
  readIssuedToken(token: string, now: Date): PaymentToken | null;
  // The facts of a saved method's long-lived token as the vault holds it; null when it is not one.
  // Read only on the saved-method paths, once the method is found under its customer and merchant
  // (or is a series' own), never for a token a caller sends.
  readSavedToken(token: string): PaymentToken | null;
  charge(processorName: string, charge: GatewayCharge, idempotencyKey: string): Promise<GatewayAnswer>;
  lookup(idempotencyKey: string): Promise<GatewayAnswer | null>;
};

// Disputes as the processor reports them: a feed of events, each with its own id, which Portico
// records once (dispute_events is unique on it), and the merchant's answers sent back.
export type DisputeSale = {
  transactionId: string;
  transactionCreatedAt: Date;
  clientId: string;
  amountCents: number;
};
export type DisputeFeedEvent = DisputeSale & {
  eventId: string;
  caseId: string;
  kind: 'inquiry_opened' | 'chargeback_opened' | 'won' | 'lost';
  occurredAt: Date;
  category: DisputeCategory;
  reasonCode: string;
};
export type DisputeFeed = {
  // Every event that happened by now and is still in the feed (recent ones, recorded or not).
  events(now: Date): Promise<DisputeFeedEvent[]>;
  // The sandbox only: open a case on a sale now (staff's Simulate dispute); answers its case id.
  openCase(sale: DisputeSale, category: DisputeCategory, now: Date): Promise<string>;
  submitEvidence(caseId: string, kinds: readonly EvidenceKind[], now: Date): Promise<void>;
  accept(caseId: string, now: Date): Promise<void>;
};
