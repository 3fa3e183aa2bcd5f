// Disputes: a cardholder contests a settled card sale with the card network; the merchant answers
// with evidence before the respond-by date or loses the money. The rules both sides read.

export const disputeStatuses = [
  'inquiry',
  'needs_response',
  'under_review',
  'won',
  'lost',
  'accepted',
  'expired',
] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

export const DisputeStatusLabel: Readonly<Record<DisputeStatus, string>> = {
  inquiry: 'Inquiry',
  needs_response: 'Needs response',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
  accepted: 'Accepted',
  expired: 'Expired',
};

export const disputeCategories = [
  'fraud',
  'not_received',
  'not_as_described',
  'duplicate',
  'credit_not_processed',
  'subscription_cancelled',
] as const;
export type DisputeCategory = (typeof disputeCategories)[number];

export const DisputeCategoryLabel: Readonly<Record<DisputeCategory, string>> = {
  fraud: 'Fraud',
  not_received: 'Product not received',
  not_as_described: 'Not as described',
  duplicate: 'Duplicate charge',
  credit_not_processed: 'Credit not processed',
  subscription_cancelled: 'Subscription cancelled',
};

// What the cardholder says, in plain words, for the dispute page.
export const DisputeCategoryExplanation: Readonly<Record<DisputeCategory, string>> = {
  fraud: 'The cardholder says they did not make or allow this payment.',
  not_received: 'The cardholder says they paid but never received the goods or service.',
  not_as_described:
    'The cardholder says what they received was damaged, defective or different from what was described.',
  duplicate: 'The cardholder says they were charged more than once for the same purchase.',
  credit_not_processed: 'The cardholder says they were promised a refund or credit that never arrived.',
  subscription_cancelled:
    'The cardholder says they cancelled a recurring payment and were charged after cancelling.',
};

// The network reason code the sandbox processor sends for each category (Visa's codes).
export const DisputeReasonCode: Readonly<Record<DisputeCategory, string>> = {
  fraud: '10.4',
  not_received: '13.1',
  not_as_described: '13.3',
  duplicate: '12.6.1',
  credit_not_processed: '13.6',
  subscription_cancelled: '13.2',
};

export const evidenceKinds = [
  'receipt',
  'proof_of_delivery',
  'customer_communication',
  'refund_policy',
  'cancellation_policy',
  'prior_undisputed_payments',
  'other',
] as const;
export type EvidenceKind = (typeof evidenceKinds)[number];

export const EvidenceKindLabel: Readonly<Record<EvidenceKind, string>> = {
  receipt: 'Receipt',
  proof_of_delivery: 'Proof of delivery',
  customer_communication: 'Customer communication',
  refund_policy: 'Refund policy',
  cancellation_policy: 'Cancellation policy',
  prior_undisputed_payments: 'Prior undisputed payments with the same card',
  other: 'Other',
};

// The evidence that answers each reason best, most telling first.
export const helpfulEvidenceOf: Readonly<Record<DisputeCategory, readonly EvidenceKind[]>> = {
  fraud: ['receipt', 'prior_undisputed_payments', 'customer_communication', 'proof_of_delivery'],
  not_received: ['proof_of_delivery', 'receipt', 'customer_communication'],
  not_as_described: ['receipt', 'customer_communication', 'refund_policy', 'proof_of_delivery'],
  duplicate: ['receipt', 'customer_communication'],
  credit_not_processed: ['refund_policy', 'customer_communication', 'receipt'],
  subscription_cancelled: ['cancellation_policy', 'customer_communication', 'receipt'],
};

// Reasons where the issuer first asks for the sale's records (a retrieval request) before charging
// back; the others are charged back at once.
const categoriesWithInquiry: ReadonlySet<DisputeCategory> = new Set(['fraud', 'not_as_described']);
export function opensWithInquiry(category: DisputeCategory): boolean {
  return categoriesWithInquiry.has(category);
}

// Visa lets a cardholder dispute up to 120 days after the sale.
export const disputeWindowDays = 120;
// The merchant answers within 20 days of the chargeback.
export const respondWithinDays = 20;
// The sandbox processor: a settled card sale whose amount ends in .66 is disputed this many days after
// the sale (inquiry first for the reasons that have one), charged back this many days after an
// inquiry, and decided this many days after the evidence is submitted.
export const sandboxDisputedCents = 66;
export const sandboxDisputeAfterDays = 3;
export const sandboxChargebackAfterInquiryDays = 7;
export const sandboxDecisionAfterDays = 2;

export function isSandboxDisputedAmount(amountCents: number): boolean {
  return amountCents % 100 === sandboxDisputedCents;
}

// The category the sandbox gives a disputed sale, from its whole dollars: stable per sale.
export function sandboxCategoryOf(amountCents: number): DisputeCategory {
  const dollars = Math.trunc(Math.abs(amountCents) / 100);
  return disputeCategories[dollars % disputeCategories.length] ?? 'fraud';
}

const dayMs = 86_400_000;

export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * dayMs);
}

export function respondByOf(chargebackAt: Date): Date {
  return addDays(chargebackAt, respondWithinDays);
}

// Whole days left to respond, rounded up (a few hours left is 1 day); 0 once the date has passed.
export function daysLeftToRespond(respondBy: Date, now: Date): number {
  return Math.max(0, Math.ceil((respondBy.getTime() - now.getTime()) / dayMs));
}

// Under this many days the grid marks the days left as urgent.
export const urgentDaysLeft = 5;
export function isUrgent(daysLeft: number): boolean {
  return daysLeft < urgentDaysLeft;
}

// Statuses the merchant may still answer: an inquiry (records asked for) or an open chargeback.
export function isAwaitingResponse(status: DisputeStatus): boolean {
  return status === 'inquiry' || status === 'needs_response';
}

// Whole days left to answer a dispute still waiting for one, counted from now; null when it waits
// for nothing (decided, under review) or has no respond-by date yet (an inquiry).
export function daysLeftOfDispute(
  dispute: { status: DisputeStatus; respond_by: string | null },
  now: Date,
): number | null {
  if (!isAwaitingResponse(dispute.status) || dispute.respond_by === null) return null;
  return daysLeftToRespond(new Date(dispute.respond_by), now);
}

// The disputed card in words: 'VISA ending in 1111'; what is known of it otherwise.
export function cardTextOf(dispute: { card_brand: string | null; last4: string | null }): string {
  const brand = dispute.card_brand ?? 'Card';
  return dispute.last4 ? `${brand} ending in ${dispute.last4}` : (dispute.card_brand ?? '');
}

export function isDecided(status: DisputeStatus): boolean {
  return status === 'won' || status === 'lost' || status === 'accepted' || status === 'expired';
}

// What the merchant may still do with a dispute, by the server's own checks: evidence and the draft
// while it waits for an answer (an inquiry or an open chargeback) before its respond-by date and until
// submitted; Submit and Accept only on an open chargeback.
export type DisputeAnswers = { canEdit: boolean; canSubmit: boolean; canAccept: boolean };
export function disputeAnswersOf(
  dispute: { status: DisputeStatus; respondBy: Date | null; submittedAt: Date | null },
  now: Date,
): DisputeAnswers {
  const isOpen =
    isAwaitingResponse(dispute.status) &&
    dispute.submittedAt === null &&
    (dispute.respondBy === null || dispute.respondBy >= now);
  const isChargeback = isOpen && dispute.status === 'needs_response';
  return { canEdit: isOpen, canSubmit: isChargeback, canAccept: isChargeback };
}

// The sandbox's decision on submitted evidence: a delivery proof wins; no evidence loses; otherwise
// it wins when the evidence holds one of the kinds that help for the reason.
export function sandboxDecisionOf(
  category: DisputeCategory,
  evidence: readonly EvidenceKind[],
): 'won' | 'lost' {
  if (evidence.includes('proof_of_delivery')) return 'won';
  if (evidence.length === 0) return 'lost';
  const helpful = new Set(helpfulEvidenceOf[category].slice(0, 1));
  return evidence.some((kind) => helpful.has(kind)) ? 'won' : 'lost';
}

// The money of a dispute, signed as the merchant's books feel it. The chargeback takes the disputed
// amount and the chargeback fee; winning gives the amount back and the fee stays. Both are
// transactions of the reversal kind: the debit's amount is the disputed amount (subtracted by the
// gross rule) with the fee in its fee; the credit is a reversal of minus the amount, so the gross
// rule adds it back.
export type DisputeMoneyRow = { amountCents: number; feeCents: number };
export function chargebackRowOf(disputedCents: number, chargebackFeeCents: number): DisputeMoneyRow {
  return { amountCents: disputedCents, feeCents: Math.max(0, chargebackFeeCents) };
}
export function disputeWonRowOf(disputedCents: number): DisputeMoneyRow {
  return { amountCents: -disputedCents, feeCents: 0 };
}

export const DisputeText = {
  Disputed: 'This payment is disputed',
  NotFound: 'Dispute not found',
  PastDeadline: 'The date to respond to this dispute has passed.',
  AlreadySubmitted: 'Evidence for this dispute was already submitted.',
  AlreadyDecided: 'This dispute is already decided.',
  NotAwaitingResponse: 'This dispute is not waiting for a response.',
  NoEvidence: 'Add at least one piece of evidence or a written explanation before submitting.',
  NotDisputable: 'Only a settled, approved card sale can be disputed.',
  AlreadyDisputed: 'This payment is already disputed.',
  SandboxOnly: 'Disputes can be simulated only on the sandbox processor.',
  EvidenceSealed: 'Evidence is sealed once submitted.',
  EvidenceNotFound: 'Evidence not found',
} as const;

export const DisputeErrorCode = {
  NotFound: 'DISPUTE_NOT_FOUND',
  PastDeadline: 'DISPUTE_PAST_DEADLINE',
  AlreadySubmitted: 'DISPUTE_ALREADY_SUBMITTED',
  AlreadyDecided: 'DISPUTE_ALREADY_DECIDED',
  NotAwaitingResponse: 'DISPUTE_NOT_AWAITING_RESPONSE',
  NoEvidence: 'DISPUTE_NO_EVIDENCE',
  NotDisputable: 'DISPUTE_NOT_DISPUTABLE',
  AlreadyDisputed: 'DISPUTE_ALREADY_DISPUTED',
  EvidenceSealed: 'DISPUTE_EVIDENCE_SEALED',
  EvidenceNotFound: 'DISPUTE_EVIDENCE_NOT_FOUND',
  TransactionNotFound: 'DISPUTE_TRANSACTION_NOT_FOUND',
} as const;

export const disputeEventKinds = [
  'inquiry_opened',
  'chargeback_opened',
  'evidence_submitted',
  'accepted',
  'won',
  'lost',
  'expired',
] as const;
export type DisputeEventKind = (typeof disputeEventKinds)[number];

export const DisputeEventLabel: Readonly<Record<DisputeEventKind, string>> = {
  inquiry_opened: 'Inquiry opened: the card issuer asked for the sale records',
  chargeback_opened: 'Chargeback opened: the amount and the chargeback fee were taken from your payouts',
  evidence_submitted: 'Evidence submitted',
  accepted: 'Dispute accepted',
  won: 'Won: the amount was credited back',
  lost: 'Lost',
  expired: 'Expired: no response before the respond-by date',
};
