import { formatCentsAsMoney } from '../money/decimal';
import { timeZoneLabel } from '../subscriptions/subscription-terms';
import { type DisputeCategory, DisputeCategoryExplanation, DisputeCategoryLabel } from './dispute-rules';

// The e-mails a merchant's owners and its users holding Disputes get about a dispute: when it opens,
// 5 days and 1 day before its respond-by date while it still needs a response, and when it is decided.
// Each recipient reads the dates in their own time zone, with the zone named.

export const disputeReminderDays = [5, 1] as const;
export type DisputeReminderDays = (typeof disputeReminderDays)[number];

export type DisputeOutcome = 'won' | 'lost' | 'accepted' | 'expired';

// What every notice says about the dispute.
export type DisputeNoticeFacts = {
  merchantName: string;
  amountCents: number;
  chargebackFeeCents: number;
  category: DisputeCategory;
  cardBrand: string | null;
  last4: string | null;
  customer: string | null;
  // null while the card issuer only asked for the sale's records (an inquiry).
  respondBy: Date | null;
  // /app/disputes/<id> on the portal's address.
  link: string;
};

// 'April 3, 2026 at 9:00 AM (Eastern Time)': the instant in the reader's zone, the zone named.
export function instantInZoneText(instant: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(instant);
  return `${text} (${timeZoneLabel(timeZone)})`;
}

// 'Visa ending 1111, paid by Dana Reyes'; what is unknown is left out.
export function disputedPaymentText(facts: Pick<DisputeNoticeFacts, 'cardBrand' | 'last4' | 'customer'>) {
  const brand = facts.cardBrand ? brandName(facts.cardBrand) : 'Card';
  const card = facts.last4 ? `${brand} ending ${facts.last4}` : `${brand} payment`;
  return facts.customer ? `${card}, paid by ${facts.customer}` : card;
}

function brandName(brand: string): string {
  const upper = brand.trim().toUpperCase();
  if (upper === 'AMEX' || upper === 'AMERICAN EXPRESS') return 'American Express';
  if (upper === 'MASTERCARD' || upper === 'MC') return 'Mastercard';
  return upper.charAt(0) + upper.slice(1).toLowerCase();
}

export function reasonText(category: DisputeCategory): string {
  return `${DisputeCategoryLabel[category]}. ${DisputeCategoryExplanation[category]}`;
}

// What a decision did to the money, in words.
export function outcomeMoneyText(outcome: DisputeOutcome, amountCents: number, feeCents: number): string {
  const amount = formatCentsAsMoney(amountCents);
  const fee = formatCentsAsMoney(feeCents);
  const kept =
    feeCents > 0
      ? `The disputed ${amount} and the chargeback fee of ${fee} stay taken from your payouts.`
      : `The disputed ${amount} stays taken from your payouts.`;
  switch (outcome) {
    case 'won':
      return feeCents > 0
        ? `The disputed ${amount} is credited back to your next payout. The chargeback fee of ${fee} is not refunded.`
        : `The disputed ${amount} is credited back to your next payout.`;
    case 'lost':
      return `The card issuer decided for the cardholder. ${kept}`;
    case 'accepted':
      return `You accepted the dispute. ${kept}`;
    case 'expired':
      return `No response was sent before the respond-by date, so the dispute is lost. ${kept}`;
  }
}

export const DisputeOutcomeWord: Readonly<Record<DisputeOutcome, string>> = {
  won: 'won',
  lost: 'lost',
  accepted: 'accepted',
  expired: 'expired',
};

export const DisputeNoticeText = {
  openedSubject: (amount: string, merchant: string) => `A dispute of ${amount} was opened at ${merchant}`,
  reminderSubject: (days: DisputeReminderDays, amount: string, merchant: string) =>
    `${days === 1 ? '1 day' : `${days} days`} left to respond to a dispute of ${amount} at ${merchant}`,
  decidedSubject: (outcome: DisputeOutcome, amount: string, merchant: string) =>
    `A dispute of ${amount} at ${merchant} was ${DisputeOutcomeWord[outcome]}`,
  openedIntro: (merchant: string) =>
    `A cardholder disputed a card payment at ${merchant}. The disputed amount and the chargeback fee are taken from your payouts until the dispute is decided.`,
  inquiryIntro: (merchant: string) =>
    `A card issuer asked for the records of a card payment at ${merchant}. No money has moved yet; answering now can stop a chargeback.`,
  reminderIntro: (days: DisputeReminderDays) =>
    `This dispute still needs your response, and ${days === 1 ? '1 day is' : `${days} days are`} left. Without a response by the date below, the dispute is lost.`,
  decidedIntro: (outcome: DisputeOutcome) => `This dispute was ${DisputeOutcomeWord[outcome]}.`,
  amount: (amount: string) => `Amount: ${amount}`,
  payment: (payment: string) => `Payment: ${payment}`,
  reason: (reason: string) => `Reason: ${reason}`,
  respondBy: (when: string) => `Respond by: ${when}`,
  noRespondByYet: 'Respond by: the card issuer sets the date if it opens a chargeback.',
  outcome: (words: string) => `Money: ${words}`,
  open: 'Open the dispute:',
  greeting: 'Hello,',
} as const;

// A notice as lines of text: the subject, then the body's paragraphs. timeZone: the reader's.
export type DisputeNoticeKind =
  | { kind: 'opened' }
  | { kind: 'reminder'; days: DisputeReminderDays }
  | { kind: 'decided'; outcome: DisputeOutcome };

export function disputeNoticeOf(
  notice: DisputeNoticeKind,
  facts: DisputeNoticeFacts,
  timeZone: string,
): { subject: string; paragraphs: string[] } {
  const amount = formatCentsAsMoney(facts.amountCents);
  const merchant = facts.merchantName;
  const details = [
    DisputeNoticeText.amount(amount),
    DisputeNoticeText.payment(disputedPaymentText(facts)),
    DisputeNoticeText.reason(reasonText(facts.category)),
  ];
  const respondBy =
    facts.respondBy === null
      ? DisputeNoticeText.noRespondByYet
      : DisputeNoticeText.respondBy(instantInZoneText(facts.respondBy, timeZone));
  if (notice.kind === 'opened') {
    return {
      subject: DisputeNoticeText.openedSubject(amount, merchant),
      paragraphs: [
        facts.respondBy === null
          ? DisputeNoticeText.inquiryIntro(merchant)
          : DisputeNoticeText.openedIntro(merchant),
        [...details, respondBy].join('\n'),
      ],
    };
  }
  if (notice.kind === 'reminder') {
    return {
      subject: DisputeNoticeText.reminderSubject(notice.days, amount, merchant),
      paragraphs: [DisputeNoticeText.reminderIntro(notice.days), [...details, respondBy].join('\n')],
    };
  }
  return {
    subject: DisputeNoticeText.decidedSubject(notice.outcome, amount, merchant),
    paragraphs: [
      DisputeNoticeText.decidedIntro(notice.outcome),
      [
        ...details,
        DisputeNoticeText.outcome(
          outcomeMoneyText(notice.outcome, facts.amountCents, facts.chargebackFeeCents),
        ),
      ].join('\n'),
    ],
  };
}

// Which reminder is due: the 1-day one inside the last day, the 5-day one inside the last 5 days;
// none once the date has passed or while more than 5 days are left. Each is sent once per dispute.
export function dueReminderOf(
  respondBy: Date,
  now: Date,
  sent: { fiveDays: boolean; oneDay: boolean },
): DisputeReminderDays | null {
  const left = respondBy.getTime() - now.getTime();
  if (left <= 0) return null;
  const dayMs = 86_400_000;
  if (left <= dayMs) return sent.oneDay ? null : 1;
  if (left <= 5 * dayMs) return sent.fiveDays ? null : 5;
  return null;
}
