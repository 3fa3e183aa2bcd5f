import { Permission } from '@portico/contracts/access/permission-names';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  cyclesRemaining,
  firstChargeDate,
  merchantToday,
  subscriptionEndDate,
} from '@portico/contracts/subscriptions/schedule';
import {
  type PublicUnsubscribeBody,
  positiveAmountCents,
  SubscriptionEndReasonText,
  SubscriptionErrorCode,
  type SubscriptionOverrideBody,
  type SubscriptionReactivateBody,
  type SubscriptionRow,
  SubscriptionText,
  type SubscriptionUnsubscribeBody,
} from '@portico/contracts/subscriptions/subscriptions';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess, type RequestOrigin } from '../../access/denial';
import { decideMerchantAccess, isWithinViewedClient } from '../../access/merchant-scope';
import { resolveReportAccess } from '../../access/report-access';
import type { Db, Executor } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { recordSubscriptionEvent } from '../../lib/webhook-events';
import { consumeCancelToken, findUnusedCancelToken } from '../subscription-scheduler/cancel-token';
import { seriesEndedMessage } from '../subscription-scheduler/subscription-emails';
import {
  endSubscription,
  findChargeOnDate,
  findSeriesEndFacts,
  findSubscriptionClientId,
  findSubscriptionListing,
  type LockedSubscription,
  listSubscriptions,
  lockSubscription,
  reactivateSubscription,
  type SubscriptionListing,
  setNextChargeOverride,
} from './subscriptions.repository';

export const SubscriptionError = defineErrors({
  NotFound: [SubscriptionErrorCode.NotFound, 'not_found'],
  AlreadyEnded: [SubscriptionErrorCode.AlreadyEnded, 'conflict'],
  AlreadyActive: [SubscriptionErrorCode.AlreadyActive, 'conflict'],
  NoCyclesRemaining: [SubscriptionErrorCode.NoCyclesRemaining, 'business_rule'],
  DateInPast: [SubscriptionErrorCode.DateInPast, 'business_rule'],
  AmountNotValid: [SubscriptionErrorCode.AmountNotValid, 'business_rule'],
  ChargeAlreadyOnDate: [SubscriptionErrorCode.ChargeAlreadyOnDate, 'conflict'],
  CancelLinkNotValid: [SubscriptionErrorCode.CancelLinkNotValid, 'not_found'],
  PaymentMethodNotFound: [SubscriptionErrorCode.PaymentMethodNotFound, 'business_rule'],
  LocationRequired: [SubscriptionErrorCode.LocationRequired, 'business_rule'],
  LocationNotValid: [SubscriptionErrorCode.LocationNotValid, 'business_rule'],
});

// A card token's display is the part after the first dash.
export function tokenDisplay(token: string): string {
  const dash = token.indexOf('-');
  return dash === -1 ? token : token.slice(dash + 1);
}

export function subscriptionRowOf(listing: SubscriptionListing): SubscriptionRow {
  return {
    id: listing.id,
    client_id: listing.clientId,
    merchant_name: listing.merchantName,
    status: listing.isActive ? 'true' : 'false',
    status_label: listing.isActive ? SubscriptionText.StatusActive : SubscriptionText.StatusInactive,
    email: listing.email,
    amount: formatCentsAsDecimal(listing.amountCents),
    start: listing.startDate,
    end: listing.endDate,
    first_charge: listing.firstChargeDate ?? firstChargeDate(listing.startDate, listing.trialDays),
    next: listing.nextChargeDate,
    cycles: listing.cycles,
    cycles_remaining: cyclesRemaining(listing.cycles, listing.cyclesCompleted),
    cycles_completed: listing.cyclesCompleted,
    interval: listing.interval,
    frequency: listing.frequency,
    trial_days: listing.trialDays,
    token: tokenDisplay(listing.token),
    description: listing.description,
    end_reason: listing.endReason,
    ended_at: listing.endedAt?.toISOString() ?? null,
    failed_charges: listing.failedCharges,
    last_failed_charge: listing.lastFailedCharge,
    // The scheduler keeps the next cycle as a scheduled row too; only a different amount is an override.
    next_amount:
      listing.nextAmountCents === null || listing.nextAmountCents === listing.amountCents
        ? null
        : formatCentsAsDecimal(listing.nextAmountCents),
    created_at: listing.createdAt.toISOString(),
  };
}

// GET /api/subscription: the series of the merchants the caller reports on (the named one and those
// below it; staff every merchant), with Recurring Charges on each. Location limits do not apply: a
// series belongs to the merchant, not to a location.
export async function listSubscriptionRows(db: Db, caller: Caller): Promise<SubscriptionRow[]> {
  const access = await resolveReportAccess(db, caller, Permission.RecurringCharges);
  const scope =
    access.scope.kind === 'all'
      ? access.scope
      : { kind: 'clients' as const, clientIds: access.scope.clientIds };
  return (await listSubscriptions(db, scope)).map(subscriptionRowOf);
}

// The merchant of a series in the caller's reach with Recurring Charges. A series no row has is a 404
// for staff and the foreign-merchant 403 for everyone else (no oracle of other merchants' ids).
export async function authorizeSeries(db: Db, caller: Caller, subscriptionId: string): Promise<string> {
  return (await authorizeSeriesAccess(db, caller, subscriptionId)).clientId;
}

// The series' merchant and the caller's sub-locations there (none: every location).
export async function authorizeSeriesAccess(
  db: Db,
  caller: Caller,
  subscriptionId: string,
): Promise<{ clientId: string; locationIds: readonly string[] }> {
  const clientId = await findSubscriptionClientId(db, subscriptionId);
  if (clientId === undefined) {
    if (caller.isStaff) throw SubscriptionError.NotFound(SubscriptionText.NotFound);
    return denyAccess(caller, 'merchant');
  }
  if (caller.viewAsClientId !== null && !(await isWithinViewedClient(db, caller.viewAsClientId, clientId))) {
    return denyAccess(caller, 'merchant', { merchantId: clientId });
  }
  const decision = await decideMerchantAccess(db, caller.session, clientId, Permission.RecurringCharges);
  if (!decision.isAllowed) {
    return denyAccess(caller, decision.reason, {
      merchantId: clientId,
      permission: Permission.RecurringCharges,
    });
  }
  return { clientId, locationIds: decision.locationIds };
}

type WriteResult = { text: string; subscription: SubscriptionRow };

async function rowAfterWrite(executor: Executor, subscriptionId: string): Promise<SubscriptionRow> {
  const listing = await findSubscriptionListing(executor, subscriptionId);
  if (!listing) throw SubscriptionError.NotFound(SubscriptionText.NotFound);
  return subscriptionRowOf(listing);
}

async function lockOrNotFound(executor: Executor, subscriptionId: string): Promise<LockedSubscription> {
  const locked = await lockSubscription(executor, subscriptionId);
  if (!locked) throw SubscriptionError.NotFound(SubscriptionText.NotFound);
  return locked;
}

export type SeriesMail = Pick<Mailer, 'send'>;

function auditBase(caller: Caller, subscriptionId: string, clientId: string) {
  return {
    outcome: 'success' as const,
    ...auditActorOf(caller),
    targetType: 'subscription',
    targetId: subscriptionId,
    clientId,
  };
}

// PATCH /api/subscription/unsubscribe: End This Series. Completed charges are not refunded.
export async function endSeriesByMerchant(
  db: Db,
  mail: SeriesMail,
  caller: Caller,
  body: SubscriptionUnsubscribeBody,
  now: Date,
): Promise<WriteResult> {
  const clientId = await authorizeSeries(db, caller, body.subscription_id);
  return db.transaction(async (tx) => {
    const series = await lockOrNotFound(tx, body.subscription_id);
    if (!series.isActive) throw SubscriptionError.AlreadyEnded(SubscriptionText.AlreadyEnded);
    await endSubscription(tx, series.id, {
      endReason: SubscriptionEndReasonText.EndedByMerchant,
      endedAt: now,
    });
    await recordAudit(tx, {
      action: 'subscription.end',
      ...auditBase(caller, series.id, clientId),
      details: { end_reason: SubscriptionEndReasonText.EndedByMerchant, reason: body.reason ?? null },
    });
    await recordSubscriptionEvent(tx, 'subscription.ended', series.id);
    await tellCustomerSeriesEnded(tx, mail, series.id);
    return { text: SubscriptionText.Ended, subscription: await rowAfterWrite(tx, series.id) };
  });
}

function requireNotInPast(date: string, now: Date): void {
  if (date < merchantToday(now)) throw SubscriptionError.DateInPast(SubscriptionText.StartDateInPast);
}

// PATCH /api/subscription/reactivate: an ended series charges again from `next`.
export async function reactivateSeries(
  db: Db,
  caller: Caller,
  body: SubscriptionReactivateBody,
  now: Date,
): Promise<WriteResult> {
  const clientId = await authorizeSeries(db, caller, body.subscription_id);
  requireNotInPast(body.next, now);
  return db.transaction(async (tx) => {
    const series = await lockOrNotFound(tx, body.subscription_id);
    if (series.isActive) throw SubscriptionError.AlreadyActive(SubscriptionText.AlreadyActive);
    if (series.cycles !== null && series.cyclesCompleted >= series.cycles) {
      throw SubscriptionError.NoCyclesRemaining(SubscriptionText.NoCyclesRemaining);
    }
    // The cycles left run from the new date: the end date moves with them.
    const remaining = series.cycles === null ? null : series.cycles - series.cyclesCompleted;
    const endDate = subscriptionEndDate({
      interval: series.interval,
      frequency: series.frequency,
      startDate: body.next,
      trialDays: 0,
      cycles: remaining,
    });
    await reactivateSubscription(tx, series.id, { nextChargeDate: body.next, endDate });
    await recordAudit(tx, {
      action: 'subscription.reactivate',
      ...auditBase(caller, series.id, clientId),
      details: { next: body.next },
    });
    return { text: SubscriptionText.Reactivated, subscription: await rowAfterWrite(tx, series.id) };
  });
}

// PATCH /api/subscription/override: Add a Charge 'nextScheduled': the next charge is taken
// for this amount, on `next` or the date already scheduled.
export async function overrideNextCharge(
  db: Db,
  caller: Caller,
  body: SubscriptionOverrideBody,
  now: Date,
): Promise<WriteResult> {
  const clientId = await authorizeSeries(db, caller, body.subscription_id);
  const amount = positiveAmountCents.safeParse(body.amount);
  if (!amount.success) throw SubscriptionError.AmountNotValid(SubscriptionText.AmountNotValid);
  if (body.next !== undefined) requireNotInPast(body.next, now);
  return db.transaction(async (tx) => {
    const series = await lockOrNotFound(tx, body.subscription_id);
    if (!series.isActive) throw SubscriptionError.AlreadyEnded(SubscriptionText.AlreadyEnded);
    const date = body.next ?? series.nextChargeDate;
    if (date === null) throw SubscriptionError.AlreadyEnded(SubscriptionText.AlreadyEnded);
    requireNotInPast(date, now);
    const taken = await findChargeOnDate(tx, series.id, date);
    if (taken && taken.status !== 'scheduled') {
      throw SubscriptionError.ChargeAlreadyOnDate(SubscriptionText.ChargeAlreadyOnDate);
    }
    await setNextChargeOverride(tx, series.id, { nextChargeDate: date, amountCents: amount.data });
    await recordAudit(tx, {
      action: 'subscription.override',
      ...auditBase(caller, series.id, clientId),
      details: {
        next: date,
        amount: formatCentsAsDecimal(amount.data),
        previous_next: series.nextChargeDate,
      },
    });
    return { text: SubscriptionText.ChargeScheduled, subscription: await rowAfterWrite(tx, series.id) };
  });
}

// POST /api/unsubscribe: the customer's link. The token is spent in the transaction that ends the
// series, so a refused call leaves both as they were; forged and used tokens get one answer.
export async function unsubscribeByCustomer(
  db: Db,
  mail: SeriesMail,
  origin: RequestOrigin,
  body: PublicUnsubscribeBody,
  now: Date,
): Promise<{ text: string }> {
  try {
    return await db.transaction(async (tx) => {
      const token = await consumeCancelToken(tx, body.cancelId);
      if (!token) throw SubscriptionError.CancelLinkNotValid(SubscriptionText.CancelLinkNotValid);
      const series = await lockOrNotFound(tx, token.subscriptionId);
      if (!series.isActive) throw SubscriptionError.AlreadyEnded(SubscriptionText.AlreadyEnded);
      await endSubscription(tx, series.id, {
        endReason: SubscriptionEndReasonText.CancelledByCustomer,
        endedAt: now,
      });
      await recordAudit(tx, {
        action: 'subscription.unsubscribe',
        outcome: 'success',
        targetType: 'subscription',
        targetId: series.id,
        clientId: series.clientId,
        ...origin,
        details: { reason: body.reason ?? null },
      });
      await recordSubscriptionEvent(tx, 'subscription.ended', series.id);
      await tellCustomerSeriesEnded(tx, mail, series.id);
      return { text: SubscriptionText.Unsubscribed };
    });
  } catch (err) {
    await recordAudit(db, {
      action: 'subscription.unsubscribe',
      outcome: 'failure',
      targetType: 'subscription',
      ...origin,
      details: { reason: err instanceof Error ? err.message : 'error' },
    });
    throw err;
  }
}

// The customer's e-mail that the series ended, recorded in the outbox inside the transaction that
// ended it (sent once it commits; a failed send is retried).
async function tellCustomerSeriesEnded(
  tx: Executor,
  mail: SeriesMail,
  subscriptionId: string,
): Promise<void> {
  const facts = await findSeriesEndFacts(tx, subscriptionId);
  if (!facts) return;
  await mail.send(seriesEndedMessage({ ...facts, endReason: endedReasonOf(facts) }), tx);
}

// An ended series always reads a reason; a running one has none.
function endedReasonOf(series: { endReason: string | null }): string {
  return series.endReason ?? SubscriptionEndReasonText.Ended;
}

function endReasonOf(series: { isActive: boolean; endReason: string | null }): string | null {
  return series.isActive ? null : endedReasonOf(series);
}

// GET /api/unsubscribe/{cancelId}: what the card asks about, from the token itself; an ended
// series says so (and why) before the card offers anything.
export async function cancelLinkSummary(
  db: Db,
  cancelId: string,
): Promise<{ merchant_name: string; amount: string; end_reason: string | null }> {
  const token = await findUnusedCancelToken(db, cancelId);
  const series = token ? await findSeriesEndFacts(db, token.subscriptionId) : undefined;
  if (!series) throw SubscriptionError.CancelLinkNotValid(SubscriptionText.CancelLinkNotValid);
  return {
    merchant_name: series.merchantName,
    amount: formatCentsAsDecimal(series.amountCents),
    end_reason: endReasonOf(series),
  };
}
