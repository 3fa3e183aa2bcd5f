import { formatCentsAsMoney } from '@portico/contracts/money/money';
import {
  calendarDateLabel,
  firstChargeDate,
  merchantTimeZone,
  type SubscriptionInterval,
} from '@portico/contracts/subscriptions/schedule';
import {
  SubscriptionTermsText,
  subscriptionTermsOf,
} from '@portico/contracts/subscriptions/subscription-terms';
import { SubscriptionText } from '@portico/contracts/subscriptions/subscriptions';
import type { MailMessage } from '../../integrations/mail/mailer';

// The customer's e-mails about a scheduled charge: a receipt after each charge with
// the unsubscribe link, a notice after a decline. Only the token's issuer and last four are named:
// Portico never holds a card number, and a token's expiry is no business of the e-mail.

export type ChargeNoticeFacts = {
  email: string;
  merchantName: string;
  amountCents: number;
  // The vault token, ISSUER-last4-mm-yyyy or BANK-last4.
  token: string;
  description: string | null;
  scheduledFor: string;
  // The series' next charge after this one; null when it has ended.
  nextChargeDate: string | null;
  // After a decline: the next try, or null when none is left.
  nextAttemptOn: string | null;
  endReason: string | null;
  // Absolute unsubscribe address; null when the series has ended (nothing left to cancel).
  unsubscribeUrl: string | null;
  // The series' terms (subscriptionTermsOf), on the receipt of its first charge only; else null.
  terms: readonly string[] | null;
};

export type SeriesTermsFacts = {
  amountCents: number;
  interval: SubscriptionInterval;
  frequency: number;
  cycles: number | null;
  trialDays: number;
  startDate: string;
};

// The terms the payer agreed to, repeated on the receipt of the series' first charge (the cycle due
// on its first charge date, after any trial): the same words the subscription link's page showed.
export function firstReceiptTermsOf(
  series: SeriesTermsFacts,
  cycle: { scheduledFor: string; status: string },
): string[] | null {
  const firstCharge = firstChargeDate(series.startDate, series.trialDays);
  if (cycle.status !== 'succeeded' || cycle.scheduledFor !== firstCharge) return null;
  return subscriptionTermsOf({ ...series, firstCharge }, merchantTimeZone);
}

export function paymentMethodLabel(token: string): string {
  const [issuer = '', last4 = ''] = token.split('-');
  const isLastFour = /^\d{4}$/.test(last4);
  if (issuer === 'BANK') return isLastFour ? `Bank account ending in ${last4}` : 'Bank account';
  return isLastFour ? `${issuer} card ending in ${last4}` : 'Saved payment method';
}

// The one calendar-date label (contracts schedule.ts), shared with the payment frame's scheduled answer.
export { calendarDateLabel };

function unsubscribeLines(facts: ChargeNoticeFacts): string[] {
  return facts.unsubscribeUrl === null ? [] : ['', `To cancel this subscription: ${facts.unsubscribeUrl}`];
}

export function receiptMessage(facts: ChargeNoticeFacts): MailMessage {
  const lines = [
    `${SubscriptionText.PaymentSuccessful} Thank you for your recurring payment to ${facts.merchantName}.`,
    '',
    `Amount: ${formatCentsAsMoney(facts.amountCents)}`,
    `Date: ${calendarDateLabel(facts.scheduledFor)}`,
    `Payment method: ${paymentMethodLabel(facts.token)}`,
    ...(facts.description ? [`Description: ${facts.description}`] : []),
    facts.nextChargeDate === null
      ? 'This was the last charge of this subscription.'
      : `Next charge: ${calendarDateLabel(facts.nextChargeDate)}`,
    ...(facts.terms === null ? [] : ['', `${SubscriptionTermsText.Heading}:`, ...facts.terms]),
    ...unsubscribeLines(facts),
  ];
  return {
    to: [facts.email],
    subject: `Receipt for your payment to ${facts.merchantName}`,
    text: lines.join('\n'),
  };
}

export function declineNoticeMessage(facts: ChargeNoticeFacts): MailMessage {
  const outcome =
    facts.nextAttemptOn !== null
      ? `We will try again on ${calendarDateLabel(facts.nextAttemptOn)}.`
      : `The subscription has ended (${facts.endReason ?? SubscriptionText.PaymentFailed}).`;
  const lines = [
    `${SubscriptionText.PaymentFailed} Your recurring payment to ${facts.merchantName} was declined.`,
    '',
    `Amount: ${formatCentsAsMoney(facts.amountCents)}`,
    `Date: ${calendarDateLabel(facts.scheduledFor)}`,
    `Payment method: ${paymentMethodLabel(facts.token)}`,
    ...(facts.description ? [`Description: ${facts.description}`] : []),
    outcome,
    ...unsubscribeLines(facts),
  ];
  return {
    to: [facts.email],
    subject: `Payment failed: your subscription with ${facts.merchantName}`,
    text: lines.join('\n'),
  };
}

export type SeriesEndedFacts = {
  email: string;
  merchantName: string;
  amountCents: number;
  token: string;
  endReason: string;
};

// The customer is told when a series ends other than by running its course on a charge's receipt:
// ended by the merchant, or cancelled from the customer's own link (a confirmation).
export function seriesEndedMessage(facts: SeriesEndedFacts): MailMessage {
  const lines = [
    `Your subscription with ${facts.merchantName} has ended.`,
    '',
    `Amount: ${formatCentsAsMoney(facts.amountCents)}`,
    `Payment method: ${paymentMethodLabel(facts.token)}`,
    `Reason: ${facts.endReason}`,
    '',
    'No further payments will be taken. Payments already made are not refunded by this change.',
  ];
  return {
    to: [facts.email],
    subject: `Your subscription with ${facts.merchantName} has ended`,
    text: lines.join('\n'),
  };
}
