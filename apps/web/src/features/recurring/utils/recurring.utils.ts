import { formatCentsAsMoney, parseDecimalToCents } from '@portico/contracts/money/money';
import type { SubscriptionRow } from '@portico/contracts/subscriptions/subscriptions';
import { SubscriptionText } from '@portico/contracts/subscriptions/subscriptions';
import { RecurringText } from './recurring-text';

// 'Every 2 months', 'Monthly': the series' interval and frequency as people say them.
export function intervalLabel({
  interval,
  frequency,
}: Pick<SubscriptionRow, 'interval' | 'frequency'>): string {
  const units = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' } as const;
  if (frequency === 1) return interval.charAt(0).toUpperCase() + interval.slice(1);
  return `Every ${frequency} ${units[interval]}s`;
}

// null cycles: the series recurs until cancelled.
export function cyclesLabel(cycles: number | null): string {
  return cycles === null ? 'Until cancelled' : String(cycles);
}

// A signed amount as people read it ('-$1,234.50'); the wire's decimal text otherwise unchanged.
export function moneyLabel(amount: string): string {
  const cents = parseDecimalToCents(amount);
  return cents === null ? amount : formatCentsAsMoney(cents);
}

export type ChargeTiming = 'now' | 'nextScheduled';

export type SeriesActions = {
  canEnd: boolean;
  canReactivate: boolean;
  chargeTimings: readonly ChargeTiming[];
};

const noActions: SeriesActions = { canEnd: false, canReactivate: false, chargeTimings: [] };

// Only what can succeed is offered: an active series can be ended and take a charge now or replace
// its next one; an ended series can be reactivated or charged now (it has no next charge to replace).
// A processor-audit user only reads.
export function seriesActionsOf({
  isActive,
  isReadOnly,
}: {
  isActive: boolean;
  isReadOnly: boolean;
}): SeriesActions {
  if (isReadOnly) return noActions;
  if (isActive) return { canEnd: true, canReactivate: false, chargeTimings: ['now', 'nextScheduled'] };
  return { canEnd: false, canReactivate: true, chargeTimings: ['now'] };
}

// A typed amount in cents, or the text that refuses it (two decimals, more than 0).
export function chargeAmountCentsOf(text: string): { cents: number } | { error: string } {
  if (text.trim() === '') return { error: RecurringText.AmountRequired };
  const cents = parseDecimalToCents(text);
  if (cents === null || cents <= 0) return { error: SubscriptionText.AmountNotValid };
  return { cents };
}

// A start date (yyyy-mm-dd) before today (yyyy-mm-dd, the merchant's: merchantToday) is refused.
export function startDateError(day: string, today: string): string | null {
  if (day === '') return SubscriptionText.StartDateInPast;
  return day < today ? SubscriptionText.StartDateInPast : null;
}

export type UnsubscribeLink = { cancelId: string; merchantName: string; amount: string };

// '/unsubscribe/{cancelId}+{merchantName}+{amount}' is one path segment: the token
// holds no '+', the amount is the last part, and whatever lies between is the merchant's name.
export function parseUnsubscribeSegment(segment: string): UnsubscribeLink | null {
  const parts = segment.split('+');
  if (parts.length < 3) return null;
  const cancelId = parts[0] ?? '';
  const amount = parts[parts.length - 1] ?? '';
  const merchantName = parts.slice(1, -1).join('+').trim();
  if (cancelId === '' || merchantName === '' || parseDecimalToCents(amount) === null) return null;
  return { cancelId, merchantName, amount };
}

// The unsubscribe card's question (it asks before it cancels).
export function unsubscribeQuestion(link: Pick<UnsubscribeLink, 'merchantName' | 'amount'>): string {
  return `Cancel your recurring payment of ${moneyLabel(link.amount)} to ${link.merchantName}?`;
}
