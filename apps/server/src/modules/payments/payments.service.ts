import type { PermissionName } from '@portico/contracts/access/permission-names';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { RefundText } from '@portico/contracts/transactions/texts';
import { paymentRailOfTransactionType } from '@portico/contracts/transactions/transaction-enums';
import {
  errorCodeOfVoidRefundRefusal,
  type RefundRequestBody,
  refundAmountCentsToApply,
  refundResponse,
  VoidRefundErrorCode,
  VoidRefundRefusalText,
  type VoidRequestBody,
  voidResponse,
} from '@portico/contracts/transactions/void-refund';
import {
  type MerchantPermissionGrants,
  refundRefusalReason,
  type VoidRefundRefusal,
  voidRefusalReason,
} from '@portico/contracts/transactions/void-refund-eligibility';
import { z } from 'zod';
import { attemptActorOf, auditActorOf, auditActorOfAttempt } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { decideMerchantAccess, isWithinViewedClient } from '../../access/merchant-scope';
import type { Db, Tx } from '../../db/client';
import { processor } from '../../db/schema/enums';
import type { transactions } from '../../db/schema/transactions';
import type { ProcessorDirectory } from '../../integrations/processors/processor-gateway';
import { AppError, defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { IdempotentResult } from '../../lib/idempotency';
import {
  type AttemptPlan,
  isRecordedFailure,
  type MoneyOperation,
  type PaymentAttempt,
  runMoneyAttempt,
} from '../../lib/money-attempt';
import { paymentEventData, recordWebhookEvent } from '../../lib/webhook-events';
import {
  insertUndoTransaction,
  type LockedTransaction,
  lockTransactionForUpdate,
  sumUndoneCents,
} from './payments.repository';

// POST /api/void and POST /api/refund. Each is a money attempt
// (lib/money-attempt.ts) under its Idempotency-Key: in one short transaction lock the original, check
// eligibility and the amount left and record a pending attempt; ask the processor outside any
// transaction; then record the void or refund as its own transaction and audit it. Anything refused
// rolls back and leaves only its audit entry; a decline leaves the failed attempt and its audit entry.

export const PaymentsError = defineErrors({
  TransactionNotFound: [VoidRefundErrorCode.TransactionNotFound, 'not_found'],
  AlreadyUndone: ['ALREADY_VOIDED_OR_REFUNDED', 'business_rule'],
  RefundGreaterThanAmount: [VoidRefundErrorCode.RefundGreaterThanAmount, 'business_rule'],
  ProcessorDeclined: [VoidRefundErrorCode.ProcessorDeclined, 'business_rule'],
  ProcessorUnavailable: ['PROCESSOR_UNAVAILABLE', 'unavailable'],
  MerchantOutOfReach: [CommonErrorCode.Forbidden, 'forbidden'],
});

export const PaymentsText = {
  TransactionNotFound: 'Transaction not found',
  AlreadyUndone: 'This transaction has already been voided or refunded.',
  VoidDeclined: 'The processor declined the void.',
  RefundDeclined: 'The processor declined the refund.',
  ProcessorUnavailable: 'The processor could not be reached. Please try again.',
  MerchantOutOfReach: 'You do not have access to this merchant',
} as const;

export type PaymentsDeps = { db: Db; processors: ProcessorDirectory; now: () => Date };

type Operation = 'void' | 'refund';
type UndoResponse = z.infer<typeof voidResponse>;

// What the audit entry of a refused or declined attempt can say, filled in as the attempt advances.
type AttemptFacts = {
  clientId: string | null;
  amountCents: number | null;
  processor: string | null;
};

export function voidTransaction(
  deps: PaymentsDeps,
  caller: Caller,
  body: VoidRequestBody,
  idempotencyKey: string,
): Promise<IdempotentResult<UndoResponse>> {
  return moveMoney(deps, caller, { operation: 'void', body, requestedCents: undefined, idempotencyKey });
}

export function refundTransaction(
  deps: PaymentsDeps,
  caller: Caller,
  body: RefundRequestBody,
  idempotencyKey: string,
): Promise<IdempotentResult<UndoResponse>> {
  return moveMoney(deps, caller, { operation: 'refund', body, requestedCents: body.amount, idempotencyKey });
}

type MoneyRequest = {
  operation: Operation;
  body: VoidRequestBody | RefundRequestBody;
  requestedCents: number | undefined;
  idempotencyKey: string;
};

// Errors of the idempotency layer itself (a reused key) are not attempts to move money.
const unauditedCodes: ReadonlySet<string> = new Set([
  CommonErrorCode.ValidationFailed,
  CommonErrorCode.IdempotencyKeyReused,
  CommonErrorCode.IdempotentRequestInFlight,
]);

async function moveMoney(
  deps: PaymentsDeps,
  caller: Caller,
  request: MoneyRequest,
): Promise<IdempotentResult<UndoResponse>> {
  const facts: AttemptFacts = {
    clientId: null,
    amountCents: request.requestedCents ?? null,
    processor: null,
  };
  try {
    // Processor-audit users never get here: the access plugin refuses their writes.
    return await runMoneyAttempt(
      deps.db,
      moneyOperationsOf(deps)[request.operation],
      {
        key: request.idempotencyKey,
        userId: caller.session.userId,
        method: 'POST',
        path: `/api/${request.operation}`,
        body: request.body,
        operation: request.operation,
      },
      (tx) => planUndo(tx, deps, caller, request, facts),
    );
  } catch (err) {
    if (err instanceof AppError && !unauditedCodes.has(err.code) && !isRecordedFailure(err)) {
      await recordAudit(deps.db, {
        action: request.operation,
        outcome: err.kind === 'forbidden' ? 'denied' : 'failure',
        ...auditActorOf(caller),
        targetType: 'transaction',
        targetId: request.body.id,
        clientId: facts.clientId,
        details: {
          code: err.code,
          message: err.message,
          ...(facts.amountCents === null ? {} : { amount: formatCentsAsDecimal(facts.amountCents) }),
          ...(request.operation === 'refund' && request.requestedCents === undefined
            ? { is_full: true }
            : {}),
          ...(facts.processor ? { processor: facts.processor } : {}),
        },
      });
    }
    throw err;
  }
}

async function planUndo(
  tx: Tx,
  deps: PaymentsDeps,
  caller: Caller,
  request: MoneyRequest,
  facts: AttemptFacts,
): Promise<AttemptPlan> {
  const original = await lockTransactionForUpdate(tx, request.body.id);
  if (!original) {
    // Staff may learn that an id does not exist; anyone else gets the answer of a foreign merchant.
    if (caller.isStaff) {
      throw PaymentsError.TransactionNotFound(PaymentsText.TransactionNotFound);
    }
    throw PaymentsError.MerchantOutOfReach(PaymentsText.MerchantOutOfReach);
  }
  facts.clientId = original.clientId;
  const { permissions, locationIds } = await merchantAccessOf(tx, caller, original.clientId);
  requireLocationInReach(locationIds, original);

  const candidate = {
    type: original.type,
    paymentStatus: original.paymentStatus,
    requestStatus: original.requestStatus,
    createdAt: original.createdAt,
    isDisputed: original.isDisputed,
  };
  const grants = grantsOf(permissions);
  const refusal =
    request.operation === 'void'
      ? voidRefusalReason(candidate, deps.now(), grants)
      : refundRefusalReason(candidate, deps.now(), grants);
  if (refusal !== null) throw refusalError(refusal);

  // Pending attempts count: two refunds can never both be given what is left.
  const undoneCents = await sumUndoneCents(tx, original.id);
  const amountCents = amountToMove(request, original, undoneCents);
  facts.amountCents = amountCents;
  const gateway = deps.processors.gatewayFor(original.processor);
  facts.processor = gateway.name;
  const context: UndoContext = {
    actor: attemptActorOf(caller),
    gatewayTransaction: {
      id: original.id,
      processor: original.processor,
      paymentMethod: original.paymentMethod,
      amountCents: original.amountCents,
      token: original.token,
    },
    undoneBeforeCents: undoneCents,
    isFull: request.requestedCents === undefined,
  };
  return {
    transactionId: original.id,
    clientId: original.clientId,
    amountCents,
    processor: gateway.name,
    context,
  };
}

// What settling an attempt needs from the request that made it, kept on the attempt (jsonb) so the
// start-up reconcile can settle it in another process; parsed when read back.
const undoContext = z.object({
  actor: z.object({
    userId: z.string(),
    email: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
  gatewayTransaction: z.object({
    id: z.string(),
    processor: z.enum(processor.enumValues).nullable(),
    paymentMethod: z.string().nullable(),
    amountCents: z.number().int(),
    token: z.string().nullable(),
  }),
  undoneBeforeCents: z.number().int(),
  isFull: z.boolean(),
});
type UndoContext = z.infer<typeof undoContext>;

const operationOfAttempt = z.enum(['void', 'refund']);

// Void and refund as money operations: how the processor is asked, and how an answer is booked.
export function moneyOperationsOf(deps: PaymentsDeps): Record<Operation, MoneyOperation<UndoResponse>> {
  const gatewayOf = (attempt: PaymentAttempt) =>
    deps.processors.gatewayFor(undoContext.parse(attempt.context).gatewayTransaction.processor);
  const operation = (responseSchema: typeof voidResponse): MoneyOperation<UndoResponse> => ({
    responseSchema,
    call: (attempt) => {
      const { gatewayTransaction } = undoContext.parse(attempt.context);
      const gateway = gatewayOf(attempt);
      return askProcessor(() =>
        operationOfAttempt.parse(attempt.operation) === 'void'
          ? gateway.void(gatewayTransaction, attempt.id)
          : gateway.refund(gatewayTransaction, attempt.amountCents, attempt.id),
      );
    },
    lookup: (attempt) => askProcessor(() => gatewayOf(attempt).lookup(attempt.id)),
    settle: (tx, attempt, answer) => settleUndo(tx, deps, attempt, answer.reference),
    failureOf: (attempt) => {
      if (attempt.processorReference === null) {
        return PaymentsError.ProcessorUnavailable(PaymentsText.ProcessorUnavailable);
      }
      return PaymentsError.ProcessorDeclined(
        operationOfAttempt.parse(attempt.operation) === 'void'
          ? PaymentsText.VoidDeclined
          : PaymentsText.RefundDeclined,
      );
    },
    recordFailure: async (tx, attempt, error) => {
      const context = undoContext.parse(attempt.context);
      await recordAudit(tx, {
        action: operationOfAttempt.parse(attempt.operation),
        outcome: 'failure',
        ...auditActorOfAttempt(context.actor),
        targetType: 'transaction',
        targetId: attempt.transactionId,
        clientId: attempt.clientId,
        details: {
          code: error.code,
          message: error.message,
          amount: formatCentsAsDecimal(attempt.amountCents),
          ...(attempt.operation === 'refund' && context.isFull ? { is_full: true } : {}),
          processor: attempt.processor,
          ...(attempt.processorReference ? { processor_reference: attempt.processorReference } : {}),
          ...(attempt.processorReason ? { processor_reason: attempt.processorReason } : {}),
        },
      });
    },
  });
  return { void: operation(voidResponse), refund: operation(refundResponse) };
}

// The processor approved: the void or refund becomes a transaction of its own, audited with it.
async function settleUndo(
  tx: Tx,
  deps: PaymentsDeps,
  attempt: PaymentAttempt,
  reference: string,
): Promise<{ status: number; body: UndoResponse; resultTransactionId: string }> {
  const operation = operationOfAttempt.parse(attempt.operation);
  const context = undoContext.parse(attempt.context);
  const original = await lockTransactionForUpdate(tx, context.gatewayTransaction.id);
  if (!original)
    throw new Error(`payment attempt ${attempt.id}: transaction ${context.gatewayTransaction.id} is gone`);
  const row = await insertUndoTransaction(
    tx,
    undoRowOf(original, operation, attempt.amountCents, reference, attempt.processor, deps.now()),
  );
  // Signed: a void or refund takes money back. About the original payment, so its events keep order.
  await recordWebhookEvent(tx, {
    type: operation === 'void' ? 'payment.voided' : 'payment.refunded',
    clientId: original.clientId,
    objectType: 'payment',
    objectId: original.id,
    data: paymentEventData({
      id: row.id,
      amountCents: -attempt.amountCents,
      status: 'Approved',
      method: original.paymentMethod,
      cardBrand: original.cardBrand,
      last4: original.last4,
      createdAt: row.createdAt,
      originalPaymentId: original.id,
    }),
  });
  await recordAudit(tx, {
    action: operation,
    outcome: 'success',
    ...auditActorOfAttempt(context.actor),
    targetType: 'transaction',
    targetId: original.id,
    clientId: original.clientId,
    details: {
      amount: formatCentsAsDecimal(attempt.amountCents),
      [`${operation}_transaction_id`]: row.id,
      processor: attempt.processor,
      processor_reference: reference,
      ...(operation === 'refund'
        ? {
            refunded_before: formatCentsAsDecimal(context.undoneBeforeCents),
            is_partial: !context.isFull,
          }
        : {}),
    },
  });
  return {
    status: 200,
    resultTransactionId: row.id,
    body: {
      status: true,
      message: {
        id: row.id,
        original_transaction_id: original.id,
        type: row.type,
        amount: formatCentsAsDecimal(row.amountCents),
        created_at: row.createdAt.toISOString(),
      },
    },
  };
}

// The caller's reach of the transaction's merchant, narrowed to the viewed client while viewing as
// one, the permissions that apply there (the same rule as the access plugin's) and the
// caller's locations there.
async function merchantAccessOf(
  tx: Tx,
  caller: Caller,
  clientId: string,
): Promise<{ permissions: readonly PermissionName[]; locationIds: readonly string[] }> {
  if (caller.viewAsClientId !== null && !(await isWithinViewedClient(tx, caller.viewAsClientId, clientId))) {
    throw PaymentsError.MerchantOutOfReach(PaymentsText.MerchantOutOfReach);
  }
  const decision = await decideMerchantAccess(tx, caller.session, clientId, undefined);
  if (!decision.isAllowed) throw PaymentsError.MerchantOutOfReach(PaymentsText.MerchantOutOfReach);
  return { permissions: decision.effectivePermissions, locationIds: decision.locationIds };
}

// A user tied to sub-locations of this merchant acts on those locations only; the
// answer is the one of a foreign merchant (no oracle of other locations' transactions).
function requireLocationInReach(
  locationIds: readonly string[],
  original: { subEntityId: string | null },
): void {
  if (locationIds.length === 0) return;
  if (original.subEntityId === null || !locationIds.includes(original.subEntityId)) {
    throw PaymentsError.MerchantOutOfReach(PaymentsText.MerchantOutOfReach);
  }
}

// decideMerchantAccess already answers every permission where the merchant does not restrict by
// permissions (RBAC off) and for admin, so a refund free of permissions falls out of the same set.
function grantsOf(permissions: readonly PermissionName[]): MerchantPermissionGrants {
  return { hasMerchantLevelPermissions: true, granted: new Set(permissions) };
}

function refusalError(refusal: VoidRefundRefusal): AppError {
  const kind = refusal === 'missing_permission' ? 'forbidden' : 'business_rule';
  return new AppError(errorCodeOfVoidRefundRefusal[refusal], kind, VoidRefundRefusalText[refusal]);
}

// A void gives the whole amount back and only while nothing has been given back yet; a refund gives
// the requested amount, or all that is left, and never more than is left.
function amountToMove(request: MoneyRequest, original: LockedTransaction, undoneCents: number): number {
  if (request.operation === 'void') {
    if (undoneCents > 0) throw PaymentsError.AlreadyUndone(PaymentsText.AlreadyUndone);
    return original.amountCents;
  }
  const amount = refundAmountCentsToApply(request.requestedCents, original.amountCents, undoneCents);
  if (amount === null) throw PaymentsError.RefundGreaterThanAmount(RefundText.GreaterThanTransactionAmount);
  return amount;
}

async function askProcessor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw PaymentsError.ProcessorUnavailable(PaymentsText.ProcessorUnavailable);
  }
}

type TransactionInsert = typeof transactions.$inferInsert;

// The void or refund as a transaction of its own (data.api_response.original_transaction_id names the original),
// shaped like the seed's follow-up rows: the original's merchant, card and customer; its own type,
// action and action_mode, which decide the sign in gross and net; no fee of its own.
function undoRowOf(
  original: LockedTransaction,
  operation: Operation,
  amountCents: number,
  reference: string,
  processorName: string,
  now: Date,
): TransactionInsert {
  const isAch = paymentRailOfTransactionType(original.type) === 'ach';
  const kind =
    operation === 'void'
      ? ({ type: 'void', action: 'void', actionMode: 'void' } as const)
      : isAch
        ? ({ type: 'ach_refund', action: 'refund', actionMode: 'credit' } as const)
        : ({ type: 'refund', action: 'refund', actionMode: 'refund' } as const);
  return {
    ...kind,
    clientId: original.clientId,
    subEntityId: original.subEntityId,
    customerId: original.customerId,
    amountCents,
    feeCents: 0,
    surchargeCents: 0,
    paymentStatus: true,
    requestStatus: true,
    status: 'Approved',
    proPayStatus:
      operation === 'void' && original.processor === 'propay' && original.paymentMethod === 'card'
        ? 'CCDebitVoided'
        : null,
    processor: original.processor,
    paymentMethod: original.paymentMethod,
    cardBrand: original.cardBrand,
    cardType: original.cardType,
    last4: original.last4,
    token: original.token,
    customerFirstName: original.customerFirstName,
    customerLastName: original.customerLastName,
    customerEmail: original.customerEmail,
    originalTransactionId: original.id,
    apiResponse: {
      ...(original.apiResponse ?? {}),
      original_transaction_id: original.id,
      processor: processorName,
      processor_reference: reference,
    },
    thirdPartyApiResponse: original.thirdPartyApiResponse,
    meta: original.meta,
    createdAt: now,
  };
}
