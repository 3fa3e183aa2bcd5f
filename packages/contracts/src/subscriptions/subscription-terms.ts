import { formatCentsAsMoney, parseDecimalToCents } from '../money/decimal';
import type { PaymentFrameParams } from '../payment-frame/params';
import {
  addIntervals,
  calendarDateInZone,
  calendarDateLabel,
  linkSeriesStart,
  type SubscriptionInterval,
} from './schedule';

// What a payer agrees to when signing up to a series: the amount, how often, the first charge (after
// any trial), how many charges, and how to cancel. One wording for the subscription link's payment
// frame and the receipt of the series' first charge, so the payer reads the same terms in both.
// No zod: the payment frame's small bundle uses it.

export type SubscriptionTerms = {
  // null: the payer types the amount (a free-form link).
  amountCents: number | null;
  interval: SubscriptionInterval;
  frequency: number;
  // null: until cancelled.
  cycles: number | null;
  trialDays: number;
  // The first charge's calendar date ('yyyy-mm-dd') in the merchant's time zone.
  firstCharge: string;
};

export const SubscriptionTermsText = {
  Heading: 'Subscription terms',
  AmountEntered: 'The amount entered',
  UntilCancelled: 'until you cancel',
  HowToCancel: 'use the unsubscribe link in any receipt e-mail we send you.',
} as const;

const intervalNames: Record<SubscriptionInterval, { one: string; many: string }> = {
  daily: { one: 'day', many: 'days' },
  weekly: { one: 'week', many: 'weeks' },
  monthly: { one: 'month', many: 'months' },
  yearly: { one: 'year', many: 'years' },
};

// 'every month', 'every 2 weeks'.
export function chargeRhythmText(interval: SubscriptionInterval, frequency: number): string {
  const names = intervalNames[interval];
  return frequency <= 1 ? `every ${names.one}` : `every ${frequency} ${names.many}`;
}

// The zone's name as people read it ('Eastern Time'), the same in summer and winter.
export function timeZoneLabel(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(
    new Date(0),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

// A charge date with its zone: 'January 5, 2027 (Eastern Time)'.
function dateInZone(isoDate: string, timeZone: string): string {
  return `${calendarDateLabel(isoDate)} (${timeZoneLabel(timeZone)})`;
}

// The terms, one line each ('Label: value'), in reading order. timeZone: the zone the charge dates
// are counted in (the merchant's), named beside each date since the payer may be elsewhere.
export function subscriptionTermsOf(terms: SubscriptionTerms, timeZone: string): string[] {
  const frequency = Math.max(1, terms.frequency);
  const amount =
    terms.amountCents === null ? SubscriptionTermsText.AmountEntered : formatCentsAsMoney(terms.amountCents);
  const lines = [`Amount: ${amount} ${chargeRhythmText(terms.interval, frequency)}`];
  if (terms.trialDays > 0) {
    lines.push(`Free trial: ${terms.trialDays} ${terms.trialDays === 1 ? 'day' : 'days'}`);
  }
  lines.push(`First charge: ${dateInZone(terms.firstCharge, timeZone)}`);
  if (terms.cycles === null) {
    lines.push(`Charges: ${SubscriptionTermsText.UntilCancelled}`);
  } else if (terms.cycles === 1) {
    lines.push('Charges: 1, the first charge only');
  } else {
    const last = addIntervals(terms.firstCharge, terms.interval, (terms.cycles - 1) * frequency);
    lines.push(`Charges: ${terms.cycles}, the last on ${dateInZone(last, timeZone)}`);
  }
  lines.push(`To cancel: ${SubscriptionTermsText.HowToCancel}`);
  return lines;
}

// The terms of a subscription link for a payer signing up at `now`, as the series it creates will
// keep them (charges.link-series: interval monthly, frequency 1 and until cancelled by default; the
// first charge after the trial days, from the link's start date or today).
export function subscriptionTermsOfLink(
  params: Pick<PaymentFrameParams, 'amount' | 'interval' | 'frequency' | 'cycles' | 'trial' | 'start'>,
  now: Date,
  timeZone: string,
): SubscriptionTerms {
  const trialDays = params.trial ?? 0;
  const start = linkSeriesStart({
    today: calendarDateInZone(now, timeZone),
    start: params.start ?? null,
    trialDays,
  });
  return {
    amountCents: params.amount === undefined ? null : parseDecimalToCents(params.amount),
    interval: params.interval ?? 'monthly',
    frequency: params.frequency ?? 1,
    cycles: params.cycles === undefined || params.cycles < 1 ? null : params.cycles,
    trialDays,
    firstCharge: start.firstCharge,
  };
}
