import { randomUUID } from 'node:crypto';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { processors } from '@portico/contracts/common/processors';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { RiskErrorCode } from '@portico/contracts/risk/risk';
import {
  chargeDateAfter,
  dunningEndReason,
  dunningRetryDate,
  isCycleTooLate,
  merchantToday,
  SubscriptionEndReason,
} from '@portico/contracts/subscriptions/schedule';
import { unsubscribePagePath } from '@portico/contracts/subscriptions/subscriptions';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { Subscription } from '../../db/schema/subscriptions';
import type { MailMessage } from '../../integrations/mail/mailer';
import type {
  ChargeGateway,
  GatewayAnswer,
  PaymentToken,
} from '../../integrations/processors/processor-gateway';
import { AppError, defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { assertMerchantCanTakePayments } from '../../lib/merchant-freeze';
import {
  gatewayChargeOperation,
  isRecordedFailure,
  type MoneyOperation,
  type PaymentAttempt,
  type ReconcileSummary,
  reconcilePendingAttempts,
  runMoneyAttempt,
} from '../../lib/money-attempt';
import { recordSubscriptionEvent } from '../../lib/webhook-events';
import { evaluateRecordedPayment } from '../risk/risk.service';
import { issueCancelToken } from './cancel-token';
import { declineNoticeMessage, firstReceiptTermsOf, receiptMessage } from './subscription-emails';
import {
  claimNotice,
  type DueSeries,
  findDueSeries,
  findPendingNotices,
  insertSubscriptionTransaction,
  lockCycle,
  lockSeries,
  markCycleSkipped,
  saveCycle,
  scheduleCycle,
  schedulerSystemEmail,
  schedulerSystemUserId,
  updateSeries,
} from './subscription-scheduler.repository';

// The recurring charges scheduler. Each due cycle is one money attempt
// (lib/money-attempt.ts) under the key sub_<series>_<date>_<try>: a short transaction locks the series,
// checks the cycle is still due at this try and the merchant may take payments, and records the
// attempt pending; the sandbox gateway is asked with the attempt's id as its idempotency key; a second
// transaction books the transaction, the cycle's row and the series' next date at once. Two runs, a
// retry, or a crash between the processor's answer and the commit charge a cycle once: the second
// run finds the key taken (replayed, or settled from the processor's own record of the attempt) or
// the cycle no longer due at that try.

export const subscriptionChargeOperation = 'subscription_charge';

export const SchedulerErrorCode = {
  NotDue: 'SUBSCRIPTION_CYCLE_NOT_DUE',
  MerchantInactive: 'SUBSCRIPTION_MERCHANT_INACTIVE',
  MethodUnusable: 'SUBSCRIPTION_PAYMENT_METHOD_UNUSABLE',
  Declined: 'SUBSCRIPTION_CHARGE_DECLINED',
  ProcessorUnavailable: 'SUBSCRIPTION_PROCESSOR_UNAVAILABLE',
} as const;

const SchedulerError = defineErrors({
  NotDue: [SchedulerErrorCode.NotDue, 'conflict'],
  MerchantInactive: [SchedulerErrorCode.MerchantInactive, 'business_rule'],
  MethodUnusable: [SchedulerErrorCode.MethodUnusable, 'business_rule'],
  Declined: [SchedulerErrorCode.Declined, 'business_rule'],
  ProcessorUnavailable: [SchedulerErrorCode.ProcessorUnavailable, 'unavailable'],
});

// Reasons a cycle fails without the processor being asked; they count as a declined try.
export const MethodUnusableReason = {
  Expired: 'The card has expired',
  NotAToken: 'The payment method cannot be charged',
  NoProcessor: 'The merchant takes no payments of this kind',
} as const;

export type SchedulerDeps = {
  db: Db;
  gateway: ChargeGateway;
  mail: { send(message: MailMessage, executor?: Tx): Promise<unknown> };
  now: () => Date;
  publicUrl: string;
};

// ---- The money operation --------------------------------------------------------------------------

const cycleContext = z.object({
  subscriptionId: z.uuid(),
  scheduledFor: z.iso.date(),
  attempt: z.number().int().min(1),
  transactionId: z.uuid(),
  processorName: z.string(),
  token: z.string(),
  row: z.object({
    type: z.enum(['charge', 'ach']),
    actionMode: z.enum(['charge', 'debit']),
    paymentMethod: z.enum(['card', 'check']),
    cardBrand: z.string().nullable(),
    cardType: z.string().nullable(),
    last4: z.string(),
    displayToken: z.string(),
    customerId: z.string().nullable(),
    email: z.string(),
    // The series' location (optional: attempts planned before it was recorded still parse).
    subEntityId: z.uuid().nullable().optional(),
    subLocation: z.object({ name: z.string(), custom_fields: z.record(z.string(), z.unknown()) }).optional(),
  }),
});
type CycleContext = z.infer<typeof cycleContext>;

const cycleResponse = z.object({
  transactionId: z.uuid(),
  subscriptionId: z.uuid(),
  scheduledFor: z.iso.date(),
});
type CycleResponse = z.infer<typeof cycleResponse>;

const processorEnum = z.enum(processors);

export function subscriptionChargeOperationOf(
  deps: Pick<SchedulerDeps, 'gateway' | 'now'>,
): MoneyOperation<CycleResponse> {
  return gatewayChargeOperation({
    gateway: deps.gateway,
    responseSchema: cycleResponse,
    chargeOf: (attempt) => cycleContext.parse(attempt.context),
    unavailable: () => SchedulerError.ProcessorUnavailable('The processor could not be reached'),
    declined: (attempt) => SchedulerError.Declined(attempt.processorReason ?? 'Declined'),
    settle: (tx, attempt, answer) => settleCycle(tx, deps, attempt, answer),
    recordFailure: async (tx, attempt, error) => {
      const context = cycleContext.parse(attempt.context);
      // Never reached the processor: no money was asked for, the cycle stays due for the next run.
      if (attempt.processorReference !== null) {
        await bookDeclinedTry(tx, deps, {
          context,
          clientId: z.uuid().parse(attempt.clientId),
          amountCents: attempt.amountCents,
          reason: attempt.processorReason ?? 'Declined',
          processor: attempt.processor,
          reference: attempt.processorReference,
        });
      }
      await recordAudit(tx, {
        action: 'charge',
        outcome: 'failure',
        actorUserId: attempt.userId,
        actorEmail: schedulerSystemEmail,
        targetType: 'subscription',
        targetId: context.subscriptionId,
        clientId: attempt.clientId,
        details: {
          code: error.code,
          amount: formatCentsAsDecimal(attempt.amountCents),
          source: 'subscription',
          scheduled_for: context.scheduledFor,
          attempt: context.attempt,
          processor: attempt.processor,
          ...(attempt.processorReference ? { processor_reference: attempt.processorReference } : {}),
          ...(attempt.processorReason ? { processor_reason: attempt.processorReason } : {}),
        },
      });
    },
  });
}

function transactionRowOf(
  context: CycleContext,
  clientId: string,
  amountCents: number,
  outcome: { approved: boolean; processor: string; reference: string | null },
) {
  const { row } = context;
  return {
    id: context.transactionId,
    clientId,
    customerId: row.customerId,
    type: row.type,
    // The seed's subscription charges are recorded the same way.
    action: 'subscription',
    actionMode: row.actionMode,
    amountCents,
    paymentStatus: outcome.approved,
    requestStatus: true,
    status: outcome.approved ? 'Approved' : 'Declined',
    processor: processorEnum.parse(context.processorName),
    paymentMethod: row.paymentMethod,
    cardBrand: row.cardBrand,
    cardType: row.cardType,
    last4: row.last4,
    token: row.displayToken,
    customerEmail: row.email,
    subEntityId: row.subEntityId ?? null,
    apiResponse: {
      token: row.displayToken,
      subscription_id: context.subscriptionId,
      ...(row.subLocation ? { sub_location: row.subLocation } : {}),
      processor: outcome.processor,
      ...(outcome.reference ? { processor_reference: outcome.reference } : {}),
    },
    meta: { email: row.email },
  };
}

async function settleCycle(
  tx: Tx,
  deps: Pick<SchedulerDeps, 'now'>,
  attempt: PaymentAttempt,
  answer: Extract<GatewayAnswer, { outcome: 'approved' }>,
): Promise<{ status: number; body: CycleResponse; resultTransactionId: string }> {
  const context = cycleContext.parse(attempt.context);
  const clientId = z.uuid().parse(attempt.clientId);
  const inserted = await insertSubscriptionTransaction(
    tx,
    transactionRowOf(context, clientId, attempt.amountCents, {
      approved: true,
      processor: attempt.processor,
      reference: answer.reference,
    }),
  );
  const riskKinds = await evaluateRecordedPayment(tx, {
    clientId,
    amountCents: attempt.amountCents,
    createdAt: inserted.createdAt,
  });
  const locked = await lockSeries(tx, context.subscriptionId);
  if (!locked) throw new Error(`subscription ${context.subscriptionId} is gone`);
  const { series } = locked;
  const cycle = {
    subscriptionId: series.id,
    scheduledFor: context.scheduledFor,
    amountCents: attempt.amountCents,
  };
  const prior = await lockCycle(tx, series.id, context.scheduledFor);
  await saveCycle(tx, cycle, {
    status: 'succeeded',
    attempts: (prior?.attempts ?? 0) + 1,
    nextAttemptOn: null,
    failureReason: null,
    transactionId: inserted.id,
    transactionCreatedAt: inserted.createdAt,
  });
  const hasEnded = await advanceSeries(tx, deps, series, context.scheduledFor);
  await recordSubscriptionEvent(tx, 'subscription.charged', series.id, {
    payment_id: inserted.id,
    scheduled_for: context.scheduledFor,
    charged_amount: formatCentsAsDecimal(attempt.amountCents),
  });
  if (hasEnded) await recordSubscriptionEvent(tx, 'subscription.ended', series.id);
  await recordAudit(tx, {
    action: 'charge',
    outcome: 'success',
    actorUserId: attempt.userId,
    actorEmail: schedulerSystemEmail,
    targetType: 'transaction',
    targetId: inserted.id,
    clientId,
    details: {
      amount: formatCentsAsDecimal(attempt.amountCents),
      method: context.row.paymentMethod,
      source: 'subscription',
      subscription_id: series.id,
      scheduled_for: context.scheduledFor,
      processor: attempt.processor,
      processor_reference: answer.reference,
      ...(riskKinds.length > 0 ? { risk: riskKinds } : {}),
    },
  });
  return {
    status: 200,
    resultTransactionId: inserted.id,
    body: { transactionId: inserted.id, subscriptionId: series.id, scheduledFor: context.scheduledFor },
  };
}

// A charged cycle counts; the series moves to its next date, or ends when its cycles are done (true). A
// series the merchant moved or ended meanwhile keeps the merchant's choice.
async function advanceSeries(
  tx: Tx,
  deps: Pick<SchedulerDeps, 'now'>,
  series: Subscription,
  scheduledFor: string,
): Promise<boolean> {
  const cyclesCompleted = series.cyclesCompleted + 1;
  if (!isOnCycle(series, scheduledFor)) {
    await updateSeries(tx, series.id, { cyclesCompleted });
    return false;
  }
  if (series.cycles !== null && cyclesCompleted >= series.cycles) {
    await updateSeries(tx, series.id, {
      cyclesCompleted,
      nextChargeDate: null,
      isActive: false,
      endReason: SubscriptionEndReason.Completed,
      endedAt: deps.now(),
    });
    return true;
  }
  const next = chargeDateAfter(series, scheduledFor);
  await updateSeries(tx, series.id, { cyclesCompleted, nextChargeDate: next });
  await scheduleCycle(tx, { subscriptionId: series.id, scheduledFor: next, amountCents: series.amountCents });
  return false;
}

// A declined try: the cycle's row shows it (visible in the merchant's grid) with its next try on the
// dunning schedule; after the last try the series ends with its reason.
async function bookDeclinedTry(
  tx: Tx,
  deps: Pick<SchedulerDeps, 'now'>,
  declined: {
    context: CycleContext;
    clientId: string;
    amountCents: number;
    reason: string;
    processor: string;
    reference: string | null;
  },
): Promise<void> {
  const { context } = declined;
  const locked = await lockSeries(tx, context.subscriptionId);
  if (!locked) return;
  const { series } = locked;
  const prior = await lockCycle(tx, series.id, context.scheduledFor);
  const attempts = (prior?.attempts ?? 0) + 1;
  const retryOn = dunningRetryDate(context.scheduledFor, attempts);
  // The declined payment is a transaction of the merchant's, as the processor recorded it.
  const inserted =
    declined.reference === null
      ? null
      : await insertSubscriptionTransaction(
          tx,
          transactionRowOf(context, declined.clientId, declined.amountCents, {
            approved: false,
            processor: declined.processor,
            reference: declined.reference,
          }),
        );
  await saveCycle(
    tx,
    { subscriptionId: series.id, scheduledFor: context.scheduledFor, amountCents: declined.amountCents },
    {
      status: 'failed',
      attempts,
      nextAttemptOn: retryOn,
      failureReason: declined.reason,
      transactionId: inserted?.id ?? null,
      transactionCreatedAt: inserted?.createdAt ?? null,
    },
  );
  const hasEnded = retryOn === null && isOnCycle(series, context.scheduledFor);
  if (hasEnded) {
    await updateSeries(tx, series.id, {
      nextChargeDate: null,
      isActive: false,
      endReason: dunningEndReason(attempts),
      endedAt: deps.now(),
    });
  }
  await recordSubscriptionEvent(tx, 'subscription.failed', series.id, {
    payment_id: inserted?.id ?? null,
    scheduled_for: context.scheduledFor,
    attempt: attempts,
    reason: declined.reason,
    next_attempt_on: retryOn,
  });
  if (hasEnded) await recordSubscriptionEvent(tx, 'subscription.ended', series.id);
}

// ---- Planning a try -------------------------------------------------------------------------------

// The series is active and this cycle is the one it waits for.
function isOnCycle(series: Subscription, scheduledFor: string): boolean {
  return series.isActive && series.nextChargeDate === scheduledFor;
}

function isTokenExpired(token: PaymentToken, now: Date): boolean {
  if (token.expMonth === null || token.expYear === null) return false;
  const year = now.getUTCFullYear();
  return token.expYear < year || (token.expYear === year && token.expMonth < now.getUTCMonth() + 1);
}

// The amount of a cycle: its row's when it has one (a merchant's override of the next charge, or the
// amount of the cycle's earlier try), the series' otherwise.
function cycleAmountCents(series: Subscription, cycle: { amountCents: number } | undefined): number {
  return cycle?.amountCents ?? series.amountCents;
}

type PlannedTry = { due: DueSeries; today: string };

async function planTry(tx: Tx, deps: Pick<SchedulerDeps, 'gateway' | 'now'>, { due, today }: PlannedTry) {
  const locked = await lockSeries(tx, due.id);
  if (!locked || !isOnCycle(locked.series, due.scheduledFor)) {
    throw SchedulerError.NotDue('The series is no longer due');
  }
  const { series } = locked;
  const cycle = await lockCycle(tx, series.id, due.scheduledFor);
  const isThisTry =
    (cycle?.attempts ?? 0) === due.attempts &&
    cycle?.status !== 'succeeded' &&
    (cycle?.status !== 'failed' || (cycle.nextAttemptOn !== null && cycle.nextAttemptOn <= today));
  if (!isThisTry) throw SchedulerError.NotDue('This try of the cycle was already made');
  // Frozen or disabled merchants are not charged; the series waits, it is not ended.
  await assertMerchantCanTakePayments(tx, series.clientId);
  if (locked.merchantStatus === 'Inactive') throw SchedulerError.MerchantInactive('The merchant is inactive');

  const token = deps.gateway.readSavedToken(series.token);
  if (token === null) throw SchedulerError.MethodUnusable(MethodUnusableReason.NotAToken);
  if (isTokenExpired(token, deps.now())) throw SchedulerError.MethodUnusable(MethodUnusableReason.Expired);
  const isBank = token.issuer === 'BANK';
  const processorName = isBank ? locked.achProcessor : locked.cardProcessor;
  if (processorName === null) throw SchedulerError.MethodUnusable(MethodUnusableReason.NoProcessor);
  const context: CycleContext = {
    subscriptionId: series.id,
    scheduledFor: due.scheduledFor,
    attempt: due.attempts + 1,
    transactionId: randomUUID(),
    processorName,
    token: token.token,
    row: {
      type: isBank ? 'ach' : 'charge',
      actionMode: isBank ? 'debit' : 'charge',
      paymentMethod: isBank ? 'check' : 'card',
      cardBrand: isBank ? null : token.issuer,
      cardType: isBank ? null : 'credit',
      last4: token.last4,
      displayToken: series.token,
      customerId: series.customerId,
      email: series.email,
      ...(locked.location
        ? {
            subEntityId: locked.location.id,
            subLocation: { name: locked.location.name, custom_fields: locked.location.customFields },
          }
        : {}),
    },
  };
  return {
    transactionId: null,
    clientId: series.clientId,
    amountCents: cycleAmountCents(series, cycle),
    processor: processorName,
    context,
  };
}

// A payment method that cannot be charged at all counts as a declined try, booked without asking the
// processor, under the same checks as a try (still due, this try, merchant allowed).
async function bookUnusableMethod(
  deps: SchedulerDeps,
  planned: PlannedTry,
  reason: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockSeries(tx, planned.due.id);
    if (!locked || !isOnCycle(locked.series, planned.due.scheduledFor)) return false;
    const cycle = await lockCycle(tx, planned.due.id, planned.due.scheduledFor);
    if ((cycle?.attempts ?? 0) !== planned.due.attempts || cycle?.status === 'succeeded') return false;
    const { series } = locked;
    const [issuer = '', last4 = ''] = series.token.split('-');
    const isBank = issuer === 'BANK';
    await bookDeclinedTry(tx, deps, {
      context: {
        subscriptionId: series.id,
        scheduledFor: planned.due.scheduledFor,
        attempt: planned.due.attempts + 1,
        transactionId: randomUUID(),
        processorName: 'sandbox',
        token: series.token,
        row: {
          type: isBank ? 'ach' : 'charge',
          actionMode: isBank ? 'debit' : 'charge',
          paymentMethod: isBank ? 'check' : 'card',
          cardBrand: isBank ? null : issuer,
          cardType: isBank ? null : 'credit',
          last4,
          displayToken: series.token,
          customerId: series.customerId,
          email: series.email,
        },
      },
      clientId: series.clientId,
      amountCents: cycleAmountCents(series, cycle),
      reason,
      processor: 'sandbox',
      reference: null,
    });
    await recordAudit(tx, {
      action: 'charge',
      outcome: 'failure',
      actorUserId: await schedulerSystemUserId(deps.db),
      actorEmail: schedulerSystemEmail,
      targetType: 'subscription',
      targetId: series.id,
      clientId: series.clientId,
      details: {
        code: SchedulerErrorCode.MethodUnusable,
        message: reason,
        source: 'subscription',
        scheduled_for: planned.due.scheduledFor,
        attempt: planned.due.attempts + 1,
      },
    });
    return true;
  });
}

// A never-tried cycle too late to charge is marked skipped and the series ends ('Charge date missed'):
// the merchant decides whether to reactivate it. Nothing is sent to the customer: nothing was charged.
async function endLateSeries(deps: SchedulerDeps, { due }: PlannedTry): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockSeries(tx, due.id);
    if (!locked || !isOnCycle(locked.series, due.scheduledFor)) return false;
    const cycle = await lockCycle(tx, due.id, due.scheduledFor);
    if ((cycle?.attempts ?? 0) !== 0 || (cycle && cycle.status !== 'scheduled')) return false;
    const { series } = locked;
    await markCycleSkipped(tx, {
      subscriptionId: series.id,
      scheduledFor: due.scheduledFor,
      amountCents: series.amountCents,
    });
    await updateSeries(tx, series.id, {
      nextChargeDate: null,
      isActive: false,
      endReason: SubscriptionEndReason.ChargeDateMissed,
      endedAt: deps.now(),
    });
    await recordSubscriptionEvent(tx, 'subscription.ended', series.id);
    return true;
  });
}

// ---- A run ----------------------------------------------------------------------------------------

export type TryOutcome = 'charged' | 'declined' | 'skipped' | 'late' | 'frozen' | 'failed';

export function idempotencyKeyOfTry(due: DueSeries): string {
  return `sub_${due.id}_${due.scheduledFor}_${due.attempts + 1}`;
}

export async function chargeDueSeries(deps: SchedulerDeps, planned: PlannedTry): Promise<TryOutcome> {
  const { due } = planned;
  if (due.attempts === 0 && isCycleTooLate(due.scheduledFor, planned.today)) {
    return (await endLateSeries(deps, planned)) ? 'late' : 'skipped';
  }
  try {
    await runMoneyAttempt(
      deps.db,
      subscriptionChargeOperationOf(deps),
      {
        key: idempotencyKeyOfTry(due),
        userId: await schedulerSystemUserId(deps.db),
        method: 'POST',
        path: 'job:subscriptions.charge',
        body: { subscriptionId: due.id, scheduledFor: due.scheduledFor, attempt: due.attempts + 1 },
        operation: subscriptionChargeOperation,
      },
      (tx) => planTry(tx, deps, planned),
    );
    return 'charged';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (isRecordedFailure(err)) return err.code === SchedulerErrorCode.Declined ? 'declined' : 'failed';
    switch (err.code) {
      case SchedulerErrorCode.NotDue:
      // Another run holds this try right now, or settled it already.
      case CommonErrorCode.IdempotentRequestInFlight:
        return 'skipped';
      case RiskErrorCode.MerchantFrozen:
      case SchedulerErrorCode.MerchantInactive:
        return 'frozen';
      case SchedulerErrorCode.MethodUnusable:
        return (await bookUnusableMethod(deps, planned, err.message)) ? 'declined' : 'skipped';
      default:
        return 'failed';
    }
  }
}

export type RunSummary = Record<TryOutcome, number> & {
  reconciled: number;
  receipts: number;
  notices: number;
};

export type RunOptions = {
  // Series read per query, and tried at once (PostgreSQL; PGlite runs them one after another).
  batchSize?: number;
  concurrency?: number;
  // Stops after this many tries (the benchmark's "killed halfway").
  maxTries?: number;
};

// One scheduler run: settles tries a crash left pending, charges each due cycle once (one cycle per
// series per run: a backlog within the grace window is caught up run by run; a series further behind
// ends), then sends the customers' e-mails.
export async function runSubscriptionCharges(
  deps: SchedulerDeps,
  options: RunOptions = {},
): Promise<RunSummary> {
  const summary: RunSummary = {
    charged: 0,
    declined: 0,
    skipped: 0,
    late: 0,
    frozen: 0,
    failed: 0,
    reconciled: 0,
    receipts: 0,
    notices: 0,
  };
  summary.reconciled = settledCount(await reconcileSubscriptionCharges(deps));
  // The merchants' "today", read once per run.
  const today = merchantToday(deps.now());
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 4;
  const maxTries = options.maxTries ?? Number.POSITIVE_INFINITY;
  // A series charged in this run whose next date is due as well (a backlog) waits for the next run.
  const seen = new Set<string>();
  let cursor: DueSeries | undefined;
  let tries = 0;
  while (tries < maxTries) {
    const read = await findDueSeries(deps.db, today, batchSize, cursor);
    cursor = read.at(-1);
    if (cursor === undefined) break;
    const batch = read.filter((due) => !seen.has(due.id));
    if (batch.length === 0) continue;
    const work = batch.slice(0, Math.min(batch.length, maxTries - tries));
    for (const due of work) seen.add(due.id);
    tries += work.length;
    let next = 0;
    const worker = async () => {
      while (next < work.length) {
        const due = work[next];
        next += 1;
        if (due) summary[await chargeDueSeries(deps, { due, today })] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
  }
  const sent = await sendPendingNotices(deps);
  summary.receipts = sent.receipts;
  summary.notices = sent.notices;
  return summary;
}

function settledCount(summary: ReconcileSummary): number {
  return summary.settled + summary.failed;
}

export function reconcileSubscriptionCharges(
  deps: Pick<SchedulerDeps, 'db' | 'gateway' | 'now'>,
  onError?: (attemptId: string, err: unknown) => void,
): Promise<ReconcileSummary> {
  return reconcilePendingAttempts(
    deps.db,
    { [subscriptionChargeOperation]: subscriptionChargeOperationOf(deps) },
    onError ? { onError: (attempt, err) => onError(attempt.id, err) } : {},
  );
}

// ---- The customers' e-mails -----------------------------------------------------------------------

// Each charged or declined cycle's e-mail, once: claimed, given a fresh cancel token and recorded in
// the outbox in one transaction (delivered over SMTP inside it, so a crash resends rather than loses).
export async function sendPendingNotices(
  deps: NoticeDeps,
  batchSize = 200,
): Promise<{ receipts: number; notices: number }> {
  const sent = { receipts: 0, notices: 0 };
  for (;;) {
    const pending = await findPendingNotices(deps.db, batchSize);
    let claimed = 0;
    for (const notice of pending) {
      if (!(await sendNotice(deps, notice))) continue;
      claimed += 1;
      if (notice.status === 'succeeded') sent.receipts += 1;
      else sent.notices += 1;
    }
    if (pending.length < batchSize || claimed === 0) return sent;
  }
}

export type NoticeDeps = Pick<SchedulerDeps, 'db' | 'mail' | 'publicUrl'>;
type PendingNotice = Awaited<ReturnType<typeof findPendingNotices>>[number];

async function sendNotice(deps: NoticeDeps, notice: PendingNotice): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if (!(await claimNotice(tx, notice.chargeId))) return false;
    const unsubscribeUrl = notice.isActive
      ? `${deps.publicUrl}/app${unsubscribePagePath(
          await issueCancelToken(tx, notice.subscriptionId),
          notice.merchantName,
          formatCentsAsDecimal(notice.amountCents),
        )}`
      : null;
    const facts = { ...notice, unsubscribeUrl, terms: firstReceiptTermsOf(notice.series, notice) };
    await deps.mail.send(
      notice.status === 'succeeded' ? receiptMessage(facts) : declineNoticeMessage(facts),
      tx,
    );
    return true;
  });
}

// The receipt of the first cycle a subscription link's charge paid, sent right after that charge
// commits; false when there is none to send (a replay, or another sender took it). Should sending
// fail, the flag stays set and the scheduler's next run sends it.
export async function sendLinkSeriesReceipt(deps: NoticeDeps, transactionId: string): Promise<boolean> {
  const [notice] = await findPendingNotices(deps.db, 1, transactionId);
  return notice === undefined ? false : sendNotice(deps, notice);
}
