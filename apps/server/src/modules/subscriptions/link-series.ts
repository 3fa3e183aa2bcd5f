import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import {
  chargeDateAfter,
  firstChargeDate,
  merchantToday,
  SubscriptionEndReason,
  subscriptionEndDate,
} from '@portico/contracts/subscriptions/schedule';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { subscriptionCharges, subscriptions } from '../../db/schema/subscriptions';
import { vaultCustomers } from '../../db/schema/vault';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { saveVaultMethod } from '../vault/vault.repository';

// Issue 18: a paid subscription payment link creates its series. The settings come from the signed
// link only (an unsigned one could say anything), and the charge just approved is the first cycle.

export const linkSeriesPlan = z.object({
  interval: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
  frequency: z.number().int().min(1),
  // null: recurs until cancelled (spec 3 §5: blank cycles; 0 from a non-number means the same).
  cycles: z.number().int().min(1).nullable(),
  trialDays: z.number().int().min(0),
  description: z.string().nullable(),
});
export type LinkSeriesPlan = z.infer<typeof linkSeriesPlan>;

// The series a charge is to create, or null for a one-time charge. Spec 3 §4: a subscription link
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
    description: params.description ?? null,
  };
}

const displayTokenPattern = /^(VISA|MC|DISC|AMEX)-(\d{4})-(\d{2})-(\d{4})$/;

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
  },
): Promise<string | null> {
  const [already] = await tx
    .select({ id: subscriptionCharges.subscriptionId })
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.transactionId, input.transactionId));
  if (already) return already.id;
  const card = displayTokenPattern.exec(input.displayToken);
  if (!card) return null;
  const [, issuer, last4 = '', month, year] = card;
  const customerId = input.customerId ?? (await insertCustomer(tx, input));
  // The one save of a vault method: de-duplicated by issuer, last four and expiry (spec 2 §9).
  const paymentMethodId = await saveVaultMethod(tx, {
    customerId,
    token: input.displayToken,
    issuer: z.enum(['VISA', 'MC', 'DISC', 'AMEX']).parse(issuer),
    last4,
    expMonth: Number(month),
    expYear: Number(year),
  });
  // The first cycle is today's charge: the schedule starts on the day it was taken. Trial days (spec 3
  // §5) lengthen that first cycle: the next charge comes trial days plus one interval later, and the
  // end date moves by as many days, as the link builder showed.
  const chargedOn = merchantToday(input.transactionCreatedAt);
  const schedule = { ...input.plan, startDate: chargedOn };
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
      trialDays: input.plan.trialDays,
      startDate: chargedOn,
      endDate: subscriptionEndDate(schedule),
      nextChargeDate:
        input.plan.cycles === 1
          ? null
          : chargeDateAfter(schedule, firstChargeDate(chargedOn, input.plan.trialDays)),
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
  return series.id;
}

async function insertCustomer(
  tx: Tx,
  input: { clientId: string; firstName: string | null; lastName: string | null; email: string },
): Promise<string> {
  const [row] = await tx
    .insert(vaultCustomers)
    .values({
      clientId: input.clientId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email.toLowerCase(),
    })
    .returning({ id: vaultCustomers.id });
  if (!row) throw new Error('vault customer insert returned nothing');
  return row.id;
}
