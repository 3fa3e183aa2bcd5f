import { randomUUID } from 'node:crypto';
import { Permission } from '@portico/contracts/access/permission-names';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { cardProblemOf, digitsOf } from '@portico/contracts/payment-frame/card';
import {
  type PaxOrderBody,
  paxOrderResponse,
  paxTotalCentsOf,
  TerminalErrorCode,
  TerminalErrorText,
  type TerminalLinkBody,
  type TerminalMerchant,
  type TerminalRow,
  TerminalText,
} from '@portico/contracts/terminals/terminals';
import { z } from 'zod';
import { attemptActorOf, auditActorOf, auditActorOfAttempt } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { ReportScope } from '../../access/report-access';
import { resolveReportAccess } from '../../access/report-access';
import type { Db, Executor, Tx } from '../../db/client';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { ChargeGateway, PaymentToken } from '../../integrations/processors/processor-gateway';
import type { TerminalDevice, TerminalProvider } from '../../integrations/terminals/terminal-provider';
import { AppError, defineErrors } from '../../lib/app-error';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { isUniqueViolation } from '../../lib/database-errors';
import type { IdempotentResult } from '../../lib/idempotency';
import {
  gatewayChargeOperation,
  isRecordedFailure,
  type MoneyOperation,
  type PaymentAttempt,
  runMoneyAttempt,
} from '../../lib/money-attempt';
import { terminalDeviceOf } from './terminal-device';
import {
  deleteTerminalRow,
  findLaneOfMerchant,
  findMerchantTerminalsSetting,
  findSubLocation,
  findTerminal,
  insertPaxOrder,
  insertTerminal,
  listMerchantsWithLocations,
  listScopedTerminals,
  lockTerminal,
  lockTerminalsOfLane,
  setTerminalLocation,
  type TerminalListRow,
} from './terminals.repository';

// Terminals. Who may manage which terminals is one scope:
// the merchants the caller reaches and holds Terminal Admin on (the report scope's rule),
// narrowed to the caller's locations where they are assigned some. A terminal outside it is answered
// as missing, so ids of other merchants tell nothing.

export const TerminalError = defineErrors({
  NotFound: [TerminalErrorCode.NotFound, 'not_found'],
  LocationNotFound: [TerminalErrorCode.LocationNotFound, 'not_found'],
  DuplicateLane: [TerminalErrorCode.DuplicateLane, 'conflict'],
  SeveralLanes: [TerminalErrorCode.SeveralLanes, 'conflict'],
  LinkRefused: [TerminalErrorCode.LinkRefused, 'business_rule'],
  ProviderUnavailable: [TerminalErrorCode.LinkRefused, 'unavailable'],
  PaxNotOffered: [TerminalErrorCode.PaxNotOffered, 'business_rule'],
  PaxCardInvalid: [TerminalErrorCode.PaxCardInvalid, 'validation'],
  PaxDeclined: [TerminalErrorCode.PaxDeclined, 'business_rule'],
  PaxProcessorUnavailable: [TerminalErrorCode.PaxProcessorUnavailable, 'unavailable'],
});

const merchantRefused = () =>
  new AppError(CommonErrorCode.Forbidden, 'forbidden', 'You do not have access to this merchant');

export type TerminalsDeps = {
  db: Db;
  provider: TerminalProvider;
  gateway: ChargeGateway;
  cipher: () => FieldCipher;
  now: () => Date;
};

// ---- Scope ----------------------------------------------------------------------------------------

async function terminalScopeOf(db: Db, caller: Caller): Promise<ReportScope> {
  // The scope of every terminal the caller reaches, whatever merchant the route names.
  const access = await resolveReportAccess(db, { ...caller, merchant: null }, Permission.TerminalAdmin);
  return access.scope;
}

function isMerchantInScope(scope: ReportScope, clientId: string): boolean {
  return scope.kind === 'all' || scope.clientIds.includes(clientId);
}

// The locations the caller is limited to on a merchant; null: every location (and none).
function locationLimitOf(scope: ReportScope, clientId: string): readonly string[] | null {
  if (scope.kind === 'all') return null;
  return scope.locationLimits?.find((limit) => limit.clientId === clientId)?.subEntityIds ?? null;
}

function isInScope(scope: ReportScope, clientId: string, subEntityId: string | null): boolean {
  if (!isMerchantInScope(scope, clientId)) return false;
  const limit = locationLimitOf(scope, clientId);
  return limit === null || (subEntityId !== null && limit.includes(subEntityId));
}

// A location of the terminal's merchant the caller may put terminals in; null: no location, which a
// caller limited to locations may not choose (the terminal would leave their sight).
async function assertLocationAllowed(
  executor: Executor,
  scope: ReportScope,
  clientId: string,
  subEntityId: string | null,
): Promise<void> {
  if (subEntityId === null) {
    if (locationLimitOf(scope, clientId) !== null)
      throw TerminalError.LocationNotFound(TerminalText.RequiredFields);
    return;
  }
  const location = await findSubLocation(executor, subEntityId);
  if (!location || location.clientId !== clientId || !isInScope(scope, clientId, subEntityId)) {
    throw TerminalError.LocationNotFound(TerminalErrorText.LocationNotFound);
  }
}

// ---- Reads ----------------------------------------------------------------------------------------

async function rowsWithStatus(deps: TerminalsDeps, rows: TerminalListRow[]): Promise<TerminalRow[]> {
  const statuses = await deps.provider.connectionStatuses(rows.map(terminalDeviceOf));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sn: row.sn,
    tpn: row.tpn,
    lane_id: row.laneId,
    register_id: row.registerId,
    is_active: row.isActive,
    terminal_type: row.terminalType,
    auth_key_last4: row.authKeyLast4,
    connection_status: statuses.get(row.id) ?? 'closed',
    sub_entity:
      row.subEntityId === null || row.subEntityName === null
        ? null
        : { id: row.subEntityId, name: row.subEntityName, merchant: row.clientId },
    client: { id: row.clientId, name: row.clientName },
  }));
}

// GET /api/v1/terminals.
export async function listTerminals(deps: TerminalsDeps, caller: Caller): Promise<TerminalRow[]> {
  const scope = await terminalScopeOf(deps.db, caller);
  return rowsWithStatus(deps, await listScopedTerminals(deps.db, scope));
}

async function terminalRowOf(deps: TerminalsDeps, id: string): Promise<TerminalRow> {
  const row = await findTerminal(deps.db, id);
  if (!row) throw TerminalError.NotFound(TerminalErrorText.NotFound);
  const [answer] = await rowsWithStatus(deps, [row]);
  if (!answer) throw TerminalError.NotFound(TerminalErrorText.NotFound);
  return answer;
}

// GET /api/terminal/merchants.
export async function listTerminalMerchants(
  deps: TerminalsDeps,
  caller: Caller,
): Promise<TerminalMerchant[]> {
  const scope = await terminalScopeOf(deps.db, caller);
  const { merchants, locations } = await listMerchantsWithLocations(deps.db, scope);
  return merchants.map((merchant) => {
    const limit = locationLimitOf(scope, merchant.id);
    return {
      id: merchant.id,
      name: merchant.name,
      terminals_setting: merchant.terminals,
      can_order_pax: merchant.terminals === 'pax',
      sub_locations: locations
        .filter(
          (location) => location.clientId === merchant.id && (limit === null || limit.includes(location.id)),
        )
        .map((location) => ({ id: location.id, name: location.name })),
    };
  });
}

// ---- Writes ---------------------------------------------------------------------------------------

function auditOf(
  caller: Caller,
  entry: Pick<AuditEntry, 'action' | 'outcome' | 'targetId' | 'clientId' | 'details'>,
): AuditEntry {
  return {
    ...entry,
    ...auditActorOf(caller),
    targetType: entry.action === 'pax_order' ? 'pax_order' : 'terminal',
  };
}

function blankToNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

// POST /api/terminal/link: the provider links the device first (nothing is kept when it refuses);
// the terminal and its audit entry are then written in one transaction, the auth key sealed. Only the
// key's last four are ever answered or logged.
export async function linkTerminal(
  deps: TerminalsDeps,
  caller: Caller,
  body: TerminalLinkBody,
): Promise<{ terminal: TerminalRow; is_linked: boolean }> {
  const scope = await terminalScopeOf(deps.db, caller);
  const clientId = body.merchant_id;
  if (!isMerchantInScope(scope, clientId)) throw merchantRefused();
  const subEntityId = body.sub_entity_id ?? null;
  await assertLocationAllowed(deps.db, scope, clientId, subEntityId);
  if (await findLaneOfMerchant(deps.db, clientId, body.laneId)) {
    throw TerminalError.DuplicateLane(TerminalErrorText.DuplicateLane);
  }
  const device: TerminalDevice = {
    clientId,
    tpn: blankToNull(body.tpn),
    registerId: blankToNull(body.registerId),
    laneId: body.laneId,
    serialNumber: blankToNull(body.sn),
    deviceType: body.device_type,
  };
  const facts = {
    lane_id: body.laneId,
    tpn: device.tpn,
    device_type: body.device_type,
    auth_key_last4: body.authKey.slice(-4),
  };
  const answer = await deps.provider.link(device, body.authKey).catch(() => null);
  if (answer === null || answer.outcome === 'refused') {
    await recordAudit(
      deps.db,
      auditOf(caller, {
        action: 'terminal.link',
        outcome: 'failure',
        targetId: null,
        clientId,
        details: { ...facts, reason: answer?.reason ?? 'provider unavailable' },
      }),
    );
    if (answer === null) throw TerminalError.ProviderUnavailable(TerminalText.AddFailed);
    throw TerminalError.LinkRefused(TerminalText.AddFailed);
  }
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const inserted = await insertTerminal(tx, {
        clientId,
        subEntityId,
        name: null,
        sn: device.serialNumber,
        tpn: device.tpn,
        laneId: body.laneId,
        registerId: device.registerId,
        authKeyEnc: deps.cipher().encrypt(body.authKey, encryptedColumn.terminalAuthKey),
        authKeyLast4: facts.auth_key_last4,
        terminalType: body.device_type,
      });
      await recordAudit(
        tx,
        auditOf(caller, {
          action: 'terminal.link',
          outcome: 'success',
          targetId: inserted.id,
          clientId,
          details: { ...facts, sub_entity_id: subEntityId, is_linked: answer.outcome === 'linked' },
        }),
      );
      return inserted.id;
    });
  } catch (err) {
    // Linked at the provider but not kept here: undo the link so the two agree.
    await deps.provider.unlink(device).catch(() => undefined);
    if (isUniqueViolation(err)) throw TerminalError.DuplicateLane(TerminalErrorText.DuplicateLane);
    throw err;
  }
  return { terminal: await terminalRowOf(deps, id), is_linked: answer.outcome === 'linked' };
}

// PATCH /api/v1/terminals/{id}: the location of a terminal, within its merchant.
export async function assignTerminalLocation(
  deps: TerminalsDeps,
  caller: Caller,
  id: string,
  subEntityId: string | null,
): Promise<TerminalRow> {
  const scope = await terminalScopeOf(deps.db, caller);
  await deps.db.transaction(async (tx) => {
    const terminal = await lockTerminal(tx, id);
    if (!terminal || !isInScope(scope, terminal.clientId, terminal.subEntityId)) {
      throw TerminalError.NotFound(TerminalErrorText.NotFound);
    }
    await assertLocationAllowed(tx, scope, terminal.clientId, subEntityId);
    await setTerminalLocation(tx, id, subEntityId);
    await recordAudit(
      tx,
      auditOf(caller, {
        action: 'terminal.assign',
        outcome: 'success',
        targetId: id,
        clientId: terminal.clientId,
        details: { lane_id: terminal.laneId, from: terminal.subEntityId, to: subEntityId },
      }),
    );
  });
  return terminalRowOf(deps, id);
}

// DELETE /api/terminal/delete/{laneId}: the caller's terminal on that lane (merchant_id picks one
// when several of the caller's merchants use the lane). Unlinked at the provider in the same step.
export async function deleteTerminalOfLane(
  deps: TerminalsDeps,
  caller: Caller,
  laneId: string,
  merchantId: string | undefined,
): Promise<{ deleted_id: string }> {
  const scope = await terminalScopeOf(deps.db, caller);
  if (merchantId !== undefined && !isMerchantInScope(scope, merchantId)) {
    throw TerminalError.NotFound(TerminalErrorText.NotFound);
  }
  const clientIds = merchantId !== undefined ? [merchantId] : scope.kind === 'all' ? 'all' : scope.clientIds;
  return deps.db.transaction(async (tx) => {
    const candidates = (await lockTerminalsOfLane(tx, laneId, clientIds)).filter((row) =>
      isInScope(scope, row.clientId, row.subEntityId),
    );
    const [terminal] = candidates;
    if (!terminal) throw TerminalError.NotFound(TerminalErrorText.NotFound);
    if (candidates.length > 1) throw TerminalError.SeveralLanes(TerminalErrorText.SeveralLanes);
    await deps.provider
      .unlink({
        clientId: terminal.clientId,
        tpn: terminal.tpn,
        registerId: terminal.registerId,
        laneId: terminal.laneId,
        serialNumber: terminal.sn,
        deviceType: terminal.terminalType,
      })
      .catch(() => {
        throw TerminalError.ProviderUnavailable(TerminalText.DeleteFailed);
      });
    await deleteTerminalRow(tx, terminal.id);
    await recordAudit(
      tx,
      auditOf(caller, {
        action: 'terminal.delete',
        outcome: 'success',
        targetId: terminal.id,
        clientId: terminal.clientId,
        details: { lane_id: terminal.laneId, tpn: terminal.tpn, device_type: terminal.terminalType },
      }),
    );
    return { deleted_id: terminal.id };
  });
}

// ---- Order A Pax Device ---------------------------------------------------------------------------

type PaxOrderResponse = z.infer<typeof paxOrderResponse>;

// Device orders are paid to Portico itself: the gateway's processor name for them.
export const paxOrderProcessor = 'portico';

// Everything settling needs, kept on the attempt so the start-up reconcile can book it elsewhere.
// The card is only its one-time token, display token and last four.
const paxOrderContext = z.object({
  orderId: z.uuid(),
  token: z.string(),
  displayToken: z.string(),
  last4: z.string(),
  deviceName: z.string(),
  quantity: z.number().int(),
  shipping: z.object({
    shipTo: z.string(),
    shipToContact: z.string(),
    shipToAddress: z.string(),
    shipToCity: z.string(),
    shipToState: z.string(),
    shipToZip: z.string(),
    shipToPhone: z.string(),
    cardholderName: z.string(),
    billingZip: z.string(),
  }),
  actor: z.object({
    userId: z.uuid(),
    email: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
});
type PaxOrderContext = z.infer<typeof paxOrderContext>;

function paxAuditOf(
  context: PaxOrderContext,
  attempt: PaymentAttempt,
  outcome: 'success' | 'failure',
  details: Record<string, unknown>,
): AuditEntry {
  return {
    action: 'pax_order',
    outcome,
    ...auditActorOfAttempt(context.actor),
    targetType: 'pax_order',
    targetId: outcome === 'success' ? context.orderId : null,
    clientId: attempt.clientId,
    details: {
      device_name: context.deviceName,
      quantity: context.quantity,
      amount: formatCentsAsDecimal(attempt.amountCents),
      last4: context.last4,
      ...details,
    },
  };
}

async function askGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw TerminalError.PaxProcessorUnavailable(TerminalText.PaxFailed);
  }
}

export function paxOrderOperationOf(deps: Pick<TerminalsDeps, 'gateway'>): MoneyOperation<PaxOrderResponse> {
  return gatewayChargeOperation({
    gateway: deps.gateway,
    responseSchema: paxOrderResponse,
    chargeOf: (attempt) => {
      const context = paxOrderContext.parse(attempt.context);
      return { processorName: paxOrderProcessor, transactionId: context.orderId, token: context.token };
    },
    unavailable: () => TerminalError.PaxProcessorUnavailable(TerminalText.PaxFailed),
    declined: () => TerminalError.PaxDeclined(TerminalText.PaxFailed),
    settle: async (tx, attempt, answer) => {
      const context = paxOrderContext.parse(attempt.context);
      const clientId = z.uuid().parse(attempt.clientId);
      const order = await insertPaxOrder(tx, {
        id: context.orderId,
        clientId,
        userId: context.actor.userId,
        paymentAttemptId: attempt.id,
        deviceName: context.deviceName,
        quantity: context.quantity,
        amountCents: attempt.amountCents,
        ...context.shipping,
        cardToken: context.displayToken,
        cardLast4: context.last4,
        processorReference: answer.reference,
      });
      await recordAudit(
        tx,
        paxAuditOf(context, attempt, 'success', { processor_reference: answer.reference }),
      );
      return {
        status: 200,
        resultTransactionId: null,
        body: {
          status: true as const,
          message: {
            id: order.id,
            status: 'Approved' as const,
            message: TerminalText.PaxOrdered,
            device_name: order.deviceName,
            quantity: order.quantity,
            amount: formatCentsAsDecimal(order.amountCents),
            last4: order.cardLast4,
          },
        },
      };
    },
    recordFailure: async (tx, attempt, error) => {
      const context = paxOrderContext.parse(attempt.context);
      await recordAudit(
        tx,
        paxAuditOf(context, attempt, 'failure', {
          code: error.code,
          ...(attempt.processorReference ? { processor_reference: attempt.processorReference } : {}),
          ...(attempt.processorReason ? { processor_reason: attempt.processorReason } : {}),
        }),
      );
    },
  });
}

// The vault's display form ISSUER-last4-mm-yyyy.
function displayTokenOf(token: PaymentToken): string {
  return `${token.issuer}-${token.last4}-${String(token.expMonth ?? 0).padStart(2, '0')}-${token.expYear ?? 0}`;
}

// Errors of the idempotency layer itself are not orders.
const unauditedCodes: ReadonlySet<string> = new Set([
  CommonErrorCode.ValidationFailed,
  CommonErrorCode.IdempotencyKeyReused,
  CommonErrorCode.IdempotentRequestInFlight,
]);

// POST /api/order-pax: the card is checked and tokenised (its number and CVV go no further), then
// charged once under the caller's Idempotency-Key as a money attempt (lib/money-attempt.ts); the
// order row and its audit entry are booked with the approval.
export async function orderPaxDevice(
  deps: TerminalsDeps,
  caller: Caller,
  body: PaxOrderBody,
  idempotencyKey: string,
): Promise<IdempotentResult<PaxOrderResponse>> {
  const scope = await terminalScopeOf(deps.db, caller);
  const clientId = body.merchant_id;
  if (!isMerchantInScope(scope, clientId)) throw merchantRefused();
  try {
    const { CcNum, CVV2, ExpDate, merchant_id, device_name, quantity, ...shipping } = body;
    const expMonth = ExpDate.slice(0, 2);
    const expYear = ExpDate.slice(2);
    const problem = cardProblemOf({ number: CcNum, expMonth, expYear, cvv: CVV2 }, deps.now(), true);
    if (problem !== null) throw TerminalError.PaxCardInvalid(TerminalText.PaxFailed);
    const amountCents = paxTotalCentsOf(device_name, quantity);
    if (amountCents === null) throw TerminalError.PaxCardInvalid(TerminalText.PaxRequiredFields);
    const token = await askGateway(() =>
      deps.gateway.tokenizeCard({
        number: digitsOf(CcNum),
        expMonth: Number(expMonth),
        expYear: 2000 + Number(expYear),
        cvv: CVV2.trim(),
      }),
    );
    const displayToken = displayTokenOf(token);
    const context: PaxOrderContext = {
      orderId: randomUUID(),
      token: token.token,
      displayToken,
      last4: token.last4,
      deviceName: device_name,
      quantity,
      shipping,
      actor: attemptActorOf(caller),
    };
    return await runMoneyAttempt(
      deps.db,
      paxOrderOperationOf(deps),
      {
        key: idempotencyKey,
        userId: caller.session.userId,
        method: 'POST',
        path: '/api/order-pax',
        // The same order again, whatever token the card got this time; never the number or CVV.
        body: { merchant_id, device_name, quantity, ...shipping, card: displayToken },
        operation: 'device_order',
      },
      async (tx: Tx) => {
        if ((await findMerchantTerminalsSetting(tx, clientId)) !== 'pax') {
          throw TerminalError.PaxNotOffered(TerminalErrorText.PaxNotOffered);
        }
        return { transactionId: null, clientId, amountCents, processor: paxOrderProcessor, context };
      },
    );
  } catch (err) {
    if (err instanceof AppError && !unauditedCodes.has(err.code) && !isRecordedFailure(err)) {
      await recordAudit(
        deps.db,
        auditOf(caller, {
          action: 'pax_order',
          outcome: 'failure',
          targetId: null,
          clientId,
          details: { code: err.code, device_name: body.device_name, quantity: body.quantity },
        }),
      );
    }
    throw err;
  }
}
