import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import type { PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import {
  type ScheduledSeriesResult,
  ScheduledSeriesText,
} from '@portico/contracts/payment-frame/scheduled-series';
import {
  calendarDateLabel,
  chargeDateAfter,
  linkSeriesStart,
  merchantToday,
  SubscriptionEndReason,
  subscriptionEndDate,
} from '@portico/contracts/subscriptions/schedule';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { subscriptionCharges, subscriptions } from '../../db/schema/subscriptions';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { recordSubscriptionEvent } from '../../lib/webhook-events';
import { saveCardForPayer } from '../vault/vault.service';

// The frame charge's subscription branch: a paid subscription payment link creates its series. The
// settings come from the signed link only (an unsigned one could say anything), and the charge just
// approved is the first cycle.

export const linkSeriesPlan = z.object({
  interval: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
  frequency: z.number().int().min(1),
  // null: recurs until cancelled (blank cycles; 0 from a non-number means the same).
  cycles: z.number().int().min(1).nullable(),
  trialDays: z.number().int().min(0),
  // The link's start date (a link has a trial or a start date); null starts on the day of sign-up.
  start: z.iso.date().nullable().default(null),
  description: z.string().nullable(),
});
export type LinkSeriesPlan = z.infer<typeof linkSeriesPlan>;

// The series a charge is to create, or null for a one-time charge. A subscription link
// takes cards only and an e-mail is required (the receipt carries the unsubscribe link).
export function linkSeriesPlanOf(input: {
  params: PaymentFrameParams;
  isSigned: boolean;
  isCard: boolean;
  email: string | null;
}): LinkSeriesPlan | null {
  const { params } = input;
  if (params.paymentType !== 'subscription' || !input.isSigned) return null;
  if (!input.isCard) {
    throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', 'business_rule', 'Not available for subscriptions.');
  }
  if (input.email === null || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) {
    throw new AppError(CommonErrorCode.ValidationFailed, 'validation', 'Email is not valid');
  }
  return {
    interval: params.interval ?? 'monthly',
    frequency: params.frequency ?? 1,
    cycles: params.cycles === undefined || params.cycles < 1 ? null : params.cycles,
    trialDays: params.trial ?? 0,
    start: params.start ?? null,
    description: params.description ?? null,
  };
}

// In the settle transaction of the approved charge. Keyed by the charge's transaction (unique on
// subscription_charges.transaction_id): a settle replayed after a crash creates nothing twice.
export async function createSeriesFromLinkCharge(
  tx: Tx,
  input: {
    plan: LinkSeriesPlan;
    clientId: string;
    transactionId: string;
    transactionCreatedAt: Date;
    amountCents: number;
    displayToken: string;
    customerId: string | null;
    firstName: string | null;
    lastName: string | null;
    email: string;
    // The location the payer chose: later cycles are charged there too.
    subEntityId: string | null;
  },
): Promise<string | null> {
  const [already] = await tx
    .select({ id: subscriptionCharges.subscriptionId })
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.transactionId, input.transactionId));
  if (already) return already.id;
  const vault = await saveCardForPayer(tx, input);
  if (vault === null) return null;
  const { customerId, paymentMethodId } = vault;
  // The first cycle is today's charge: a link with a trial or a later start date charges nothing at
  // sign-up (scheduleSeriesFromLink), so this series starts today without trial days.
  const chargedOn = merchantToday(input.transactionCreatedAt);
  const schedule = { ...input.plan, trialDays: 0, startDate: chargedOn };
  const [series] = await tx
    .insert(subscriptions)
    .values({
      clientId: input.clientId,
      customerId,
      paymentMethodId,
      token: input.displayToken,
      email: input.email,
      description: input.plan.description,
      amountCents: input.amountCents,
      interval: input.plan.interval,
      frequency: input.plan.frequency,
      cycles: input.plan.cycles,
      cyclesCompleted: 1,
      trialDays: 0,
      subEntityId: input.subEntityId,
      startDate: chargedOn,
      endDate: subscriptionEndDate(schedule),
      nextChargeDate: input.plan.cycles === 1 ? null : chargeDateAfter(schedule, chargedOn),
      isActive: input.plan.cycles !== 1,
      ...(input.plan.cycles === 1
        ? { endReason: SubscriptionEndReason.Completed, endedAt: input.transactionCreatedAt }
        : {}),
    })
    .returning({ id: subscriptions.id });
  if (!series) throw new Error('subscription insert returned nothing');
  await tx.insert(subscriptionCharges).values({
    subscriptionId: series.id,
    scheduledFor: chargedOn,
    amountCents: input.amountCents,
    status: 'succeeded',
    transactionId: input.transactionId,
    transactionCreatedAt: input.transactionCreatedAt,
    // Its receipt, sent once after the commit (subscription-scheduler sendLinkSeriesReceipt), or
    // by the scheduler's next run if that fails.
    isNoticePending: true,
  });
  await recordAudit(tx, {
    action: 'subscription.create',
    outcome: 'success',
    targetType: 'subscription',
    targetId: series.id,
    clientId: input.clientId,
    details: {
      transaction_id: input.transactionId,
      interval: input.plan.interval,
      cycles: input.plan.cycles,
    },
  });
  // The series, its first charge (this payment) and, for a single cycle, its end: in that order.
  await recordSubscriptionEvent(tx, 'subscription.created', series.id);
  await recordSubscriptionEvent(tx, 'subscription.charged', series.id, {
    payment_id: input.transactionId,
    scheduled_for: chargedOn,
    charged_amount: formatCentsAsDecimal(input.amountCents),
  });
  if (input.plan.cycles === 1) await recordSubscriptionEvent(tx, 'subscription.ended', series.id);
  return series.id;
}

// Whether a link's series starts later (a trial, or a start date after today): then sign-up charges
// nothing and the series is only scheduled.
export function isScheduledLinkStart(params: PaymentFrameParams, isSigned: boolean, now: Date): boolean {
  if (params.paymentType !== 'subscription' || !isSigned) return false;
  const start = params.start ?? null;
  return linkSeriesStart({ today: merchantToday(now), start, trialDays: params.trial ?? 0 }).isScheduled;
}

// A series that starts after its trial days or on its start date. The card is saved to
// the vault, the series waits for its first charge date (the scheduler charges cycle 1 then, with its
// receipt and unsubscribe link) and no transaction is made. Runs in the idempotent request's
// transaction with the charge's own checks (planned: the frame charge's plan), so a double click
// schedules one series.
export async function scheduleSeriesFromLink(
  tx: Tx,
  planned: {
    clientId: string;
    amountCents: number;
    context: {
      subscription?: LinkSeriesPlan | null | undefined;
      row: {
        subEntityId?: string | undefined;
        displayToken: string | null;
        customerId: string | null;
        firstName: string | null;
        lastName: string | null;
        email: string | null;
      };
    };
  },
  now: Date,
): Promise<{ status: number; body: { status: true; message: ScheduledSeriesResult } }> {
  const { row, subscription: plan } = planned.context;
  const displayToken = row.displayToken;
  const email = row.email;
  const vault =
    plan && displayToken !== null && email !== null
      ? await saveCardForPayer(tx, { ...row, clientId: planned.clientId, displayToken, email })
      : null;
  if (!plan || vault === null || displayToken === null || email === null) {
    throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', 'business_rule', 'Not available for subscriptions.');
  }
  const start = linkSeriesStart({ today: merchantToday(now), start: plan.start, trialDays: plan.trialDays });
  const schedule = { ...plan, startDate: start.startDate };
  const [series] = await tx
    .insert(subscriptions)
    .values({
      clientId: planned.clientId,
      customerId: vault.customerId,
      paymentMethodId: vault.paymentMethodId,
      token: displayToken,
      email,
      description: plan.description,
      amountCents: planned.amountCents,
      interval: plan.interval,
      frequency: plan.frequency,
      cycles: plan.cycles,
      cyclesCompleted: 0,
      trialDays: plan.trialDays,
      subEntityId: row.subEntityId ?? null,
      startDate: start.startDate,
      endDate: subscriptionEndDate(schedule),
      nextChargeDate: start.firstCharge,
    })
    .returning({ id: subscriptions.id });
  if (!series) throw new Error('subscription insert returned nothing');
  await recordAudit(tx, {
    action: 'subscription.create',
    outcome: 'success',
    targetType: 'subscription',
    targetId: series.id,
    clientId: planned.clientId,
    details: { interval: plan.interval, cycles: plan.cycles, first_charge_date: start.firstCharge },
  });
  await recordSubscriptionEvent(tx, 'subscription.created', series.id);
  const message: ScheduledSeriesResult = {
    scheduled: true,
    subscription_id: series.id,
    amount: formatCentsAsDecimal(planned.amountCents),
    first_charge_date: start.firstCharge,
    message: ScheduledSeriesText.StartsOn(calendarDateLabel(start.firstCharge)),
  };
  return { status: 200, body: { status: true, message } };
}
