import { processors } from '@portico/contracts/common/processors';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { type ChargeResult, chargeResponse } from '@portico/contracts/payment-frame/charge';
import { declineMessageOf } from '@portico/contracts/payment-frame/decline';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { z } from 'zod';
import { auditActorOfAttempt } from '../../access/audit-actor';
import type { Db, Tx } from '../../db/client';
import { placeholdersOf } from '../../db/named-statement';
import { auditLog } from '../../db/schema/system';
import { transactions } from '../../db/schema/transactions';
import { webhookEvents } from '../../db/schema/webhooks';
import { type AuditEntry, auditRowOf, recordAudit } from '../../lib/audit';
import {
  gatewayChargeOperation,
  type MoneyOperation,
  type OneStatementSettle,
  type PaymentAttempt,
} from '../../lib/money-attempt';
import { paymentEventData, recordWebhookEvent, webhookEventRowOf } from '../../lib/webhook-events';
import {
  evaluateRecordedPayment,
  type PaymentRiskFigures,
  readRiskFiguresBefore,
  riskKindsOfFigures,
} from '../risk/risk.service';
import { saveCardForPayer } from '../vault/vault.service';
import { ChargeError } from './charges.errors';
import { insertChargeTransaction } from './charges.repository';
import type { ChargeDeps } from './charges.types';
import { deviceChargeOperation } from './device-charge';
import { createSeriesFromLinkCharge, linkSeriesPlan } from './link-series';

// A charge's booking: the money operation the charge runs through (lib/money-attempt.ts), and what an
// approval books (the transaction row, its audit entry, a subscription link's series) whichever way
// it settles: in one statement, in a transaction, or by the start-up reconcile.

export type ChargeResponse = z.infer<typeof chargeResponse>;

// Everything settling needs, kept on the attempt so the start-up reconcile can book it elsewhere.
const chargeContext = z.object({
  transactionId: z.uuid(),
  processorName: z.string(),
  token: z.string(),
  row: z.object({
    type: z.enum(['charge', 'ach', 'cash']),
    actionMode: z.enum(['charge', 'debit', 'apple_pay']),
    action: z.string(),
    paymentMethod: z.enum(['card', 'check', 'cash']),
    processor: z.string().nullable(),
    cardBrand: z.string().nullable(),
    cardType: z.string().nullable(),
    last4: z.string().nullable(),
    displayToken: z.string().nullable(),
    customerId: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    meta: z.record(z.string(), z.unknown()),
    // The fee passed on, inside the attempt's amount (attempts of earlier builds carry none).
    surchargeCents: z.number().int().nonnegative().default(0),
    // The payer's tip, inside the attempt's amount as well (kept in meta.linkOptions as text).
    tipCents: z.number().int().nonnegative().default(0),
    // savePaymentToken: the card goes to the vault as the payment is booked.
    saveCard: z.boolean().optional(),
    // The sub-location chosen in the frame's locations dropdown; the report reads sub_location.
    subEntityId: z.uuid().optional(),
    subLocation: z.object({ name: z.string(), custom_fields: z.record(z.string(), z.unknown()) }).optional(),
  }),
  actor: z.object({
    userId: z.string().nullable(),
    email: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
  source: z.enum(['payment_link', 'virtual_terminal']),
  // A signed subscription link: the series its approved charge creates.
  subscription: linkSeriesPlan.nullable().optional(),
});
export type ChargeContext = z.infer<typeof chargeContext>;

const processorEnum = z.enum(processors);

// An attempt's context, checked once: the gateway call, the settle's preparation and the booking
// all read it during one request (and the context of an attempt never changes). A one-time charge's
// context planned by this process (knownContext) is not parsed again; one read back from the
// database (a retry, the reconcile) is.
const checkedContexts = new WeakMap<object, ChargeContext>();
export function knownContext(context: ChargeContext): ChargeContext {
  if (!context.subscription) checkedContexts.set(context, context);
  return context;
}
function contextOf(attempt: PaymentAttempt): ChargeContext {
  let context = checkedContexts.get(attempt.context);
  if (!context) {
    context = chargeContext.parse(attempt.context);
    checkedContexts.set(attempt.context, context);
  }
  return context;
}

const uuidSchema = z.uuid();

// A sale on a linked device: the charge's booking, the device's answer (device-charge.ts).
export function deviceChargeOperationOf(
  deps: ChargeDeps,
  riskBefore?: RiskFiguresBefore,
): MoneyOperation<ChargeResponse> {
  const unavailable = () => ChargeError.ProcessorUnavailable(PaymentFrameText.PaymentFailedToProcess);
  return deviceChargeOperation(deps.terminalProvider, chargeOperationOf(deps, riskBefore), unavailable);
}

// The merchant's risk figures as of `at`, read with the merchant or in the claim (takeCharge); without
// them (null), settling reads its own.
export type RiskFiguresBefore = { clientId: string; at: Date; figures: Promise<PaymentRiskFigures | null> };

export function chargeOperationOf(
  deps: ChargeDeps,
  riskBefore?: RiskFiguresBefore,
): MoneyOperation<ChargeResponse> {
  return gatewayChargeOperation({
    gateway: deps.gateway,
    responseSchema: chargeResponse,
    chargeOf: (attempt) => contextOf(attempt),
    unavailable: () => ChargeError.ProcessorUnavailable(PaymentFrameText.PaymentFailedToProcess),
    // The payer reads why in words; the processor's own code and text stay in the audit entry.
    declined: (attempt) => ChargeError.Declined(declineMessageOf(attempt.processorCode)),
    settle: (tx, attempt, answer) => settleCharge(tx, attempt, answer.reference),
    // A charge without a subscription books in one statement, its risk figures read beside the
    // processor call, for speed; a subscription link's series takes the transactional settle.
    prepareSettle: async (attempt) => {
      const planned = contextOf(attempt);
      if (planned.subscription || planned.row.saveCard) return null;
      const clientId = uuidSchema.parse(attempt.clientId);
      const early = riskBefore?.clientId === clientId ? riskBefore : null;
      // Booked at the moment its figures were read from, so they are exactly the figures before it.
      const createdAt = early?.at ?? new Date();
      const figures = (await early?.figures) ?? (await readRiskFiguresBefore(deps.db, clientId, createdAt));
      const riskKinds = riskKindsOfFigures(figures, attempt.amountCents);
      return (answer) => chargeInOneStatement(deps.db, attempt, answer.reference, createdAt, riskKinds);
    },
    recordFailure: async (tx, attempt, error) => {
      const context = contextOf(attempt);
      // Declined by the processor (not merely unreachable): the payer's attempt is an event too.
      if (attempt.processorReference !== null && attempt.clientId !== null) {
        await recordWebhookEvent(tx, {
          type: 'payment.declined',
          clientId: attempt.clientId,
          objectType: 'payment',
          objectId: context.transactionId,
          data: paymentEventData({
            id: context.transactionId,
            amountCents: attempt.amountCents,
            status: 'Declined',
            method: context.row.paymentMethod,
            cardBrand: context.row.cardBrand,
            last4: context.row.last4,
            createdAt: attempt.updatedAt,
            reason: declineMessageOf(attempt.processorCode),
          }),
        });
      }
      await recordAudit(tx, {
        action: 'charge',
        outcome: 'failure',
        ...auditActorOfAttempt(context.actor),
        targetType: 'transaction',
        targetId: null,
        clientId: attempt.clientId,
        details: {
          code: error.code,
          amount: formatCentsAsDecimal(attempt.amountCents),
          source: context.source,
          processor: attempt.processor,
          ...(attempt.processorReference ? { processor_reference: attempt.processorReference } : {}),
          ...(attempt.processorReason ? { processor_reason: attempt.processorReason } : {}),
          ...(attempt.processorCode ? { processor_code: attempt.processorCode } : {}),
        },
      });
    },
  });
}

// What an approved charge books, the same whichever way it settles: the transaction row at
// createdAt, its audit entry with the risk kinds found, and the answer.
function chargeBookingOf(attempt: PaymentAttempt, reference: string, createdAt: Date) {
  const context = contextOf(attempt);
  const { row } = context;
  const clientId = uuidSchema.parse(attempt.clientId);
  const insert: typeof transactions.$inferInsert = {
    id: context.transactionId,
    clientId,
    customerId: row.customerId,
    subEntityId: row.subEntityId ?? null,
    type: row.type,
    action: row.action,
    actionMode: row.actionMode,
    amountCents: attempt.amountCents,
    surchargeCents: row.surchargeCents,
    paymentStatus: true,
    requestStatus: true,
    status: 'Approved',
    processor: row.processor === null ? null : processorEnum.parse(row.processor),
    paymentMethod: row.paymentMethod,
    cardBrand: row.cardBrand,
    cardType: row.cardType,
    last4: row.last4,
    token: row.displayToken,
    customerFirstName: row.firstName,
    customerLastName: row.lastName,
    customerEmail: row.email,
    apiResponse: {
      ...(row.displayToken ? { token: row.displayToken } : {}),
      meta: row.meta,
      ...(row.subLocation ? { sub_location: row.subLocation } : {}),
      processor: attempt.processor,
      processor_reference: reference,
    },
    meta: row.meta,
    createdAt,
  };
  const auditOf = (riskKinds: readonly string[]): AuditEntry => ({
    action: 'charge',
    outcome: 'success',
    ...auditActorOfAttempt(context.actor),
    targetType: 'transaction',
    targetId: context.transactionId,
    clientId,
    details: {
      amount: formatCentsAsDecimal(attempt.amountCents),
      method: row.paymentMethod,
      source: context.source,
      processor: attempt.processor,
      processor_reference: reference,
      ...(riskKinds.length > 0 ? { risk: riskKinds } : {}),
    },
  });
  const result: ChargeResult = {
    id: context.transactionId,
    amount: formatCentsAsDecimal(attempt.amountCents),
    fee: formatCentsAsDecimal(row.surchargeCents),
    ...(row.tipCents > 0 ? { tip: formatCentsAsDecimal(row.tipCents) } : {}),
    status: 'Approved',
    message: PaymentFrameText.PaymentSuccessful,
    issuer: row.cardBrand ?? (row.paymentMethod === 'check' ? 'BANK' : null),
    last4: row.last4,
    created_at: createdAt.toISOString(),
  };
  const eventOf = () =>
    webhookEventRowOf(
      {
        type: 'payment.approved',
        clientId,
        objectType: 'payment',
        objectId: context.transactionId,
        data: paymentEventData({
          id: context.transactionId,
          amountCents: attempt.amountCents,
          status: 'Approved',
          method: row.paymentMethod,
          cardBrand: row.cardBrand,
          last4: row.last4,
          createdAt,
        }),
      },
      createdAt,
    );
  return {
    context,
    clientId,
    insert,
    auditOf,
    eventOf,
    answer: {
      status: 200,
      resultTransactionId: context.transactionId,
      body: { status: true as const, message: result },
    },
  };
}

// The one-statement settle (lib/money-attempt.ts): the row and its audit entry, risk read before;
// their values as placeholders, so the statement is built once per shape.
function chargeInOneStatement(
  db: Db,
  attempt: PaymentAttempt,
  reference: string,
  createdAt: Date,
  riskKinds: readonly string[],
): OneStatementSettle<ChargeResponse> {
  const booking = chargeBookingOf(attempt, reference, createdAt);
  const row = placeholdersOf('t_', booking.insert);
  const audit = placeholdersOf('a_', auditRowOf(booking.auditOf(riskKinds)));
  // The webhook outbox's event commits in the same statement as the payment.
  const event = placeholdersOf('e_', booking.eventOf());
  return {
    writes: {
      shape: `charge:${row.shape}:${audit.shape}:${event.shape}`,
      build: () => [
        db.insert(transactions).values(row.placeholders()),
        db.insert(auditLog).values(audit.placeholders()),
        db.insert(webhookEvents).values(event.placeholders()),
      ],
      values: { ...row.values, ...audit.values, ...event.values },
    },
    ...booking.answer,
  };
}

async function settleCharge(
  tx: Tx,
  attempt: PaymentAttempt,
  reference: string,
): Promise<{ status: number; body: ChargeResponse; resultTransactionId: string }> {
  const booking = chargeBookingOf(attempt, reference, new Date());
  const { context, clientId, insert } = booking;
  const { row } = context;
  // A subscription link's series saves the card itself (link-series.ts).
  if (row.saveCard && !context.subscription && row.displayToken !== null && row.email !== null) {
    const saved = await saveCardForPayer(tx, {
      clientId,
      displayToken: row.displayToken,
      customerId: row.customerId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
    });
    if (saved !== null) insert.customerId = saved.customerId;
  }
  const inserted = await insertChargeTransaction(tx, insert);
  if (context.subscription && row.displayToken !== null && row.email !== null) {
    await createSeriesFromLinkCharge(tx, {
      plan: context.subscription,
      clientId,
      transactionId: inserted.id,
      transactionCreatedAt: inserted.createdAt,
      amountCents: attempt.amountCents,
      displayToken: row.displayToken,
      customerId: row.customerId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      subEntityId: row.subEntityId ?? null,
    });
  }
  // Flagged as it is recorded: the risk lists read it at once; the kinds go to the audit entry.
  const riskKinds = await evaluateRecordedPayment(tx, {
    clientId,
    amountCents: attempt.amountCents,
    createdAt: inserted.createdAt,
  });
  await recordAudit(tx, booking.auditOf(riskKinds));
  await tx.insert(webhookEvents).values(booking.eventOf());
  return booking.answer;
}
