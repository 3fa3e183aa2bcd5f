import { createHash, randomUUID } from 'node:crypto';
import { Permission } from '@portico/contracts/access/permission-names';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { processors } from '@portico/contracts/common/processors';
import { formatCentsAsDecimal, parseDecimalToCents } from '@portico/contracts/money/money';
import { chargeAmountOf } from '@portico/contracts/payment-frame/amount';
import {
  billingAddressLabels,
  billingAddressOf,
  billingAddressRuleOf,
} from '@portico/contracts/payment-frame/billing-address';
import {
  cardProblemOf,
  digitsOf,
  isAccountNumberValid,
  isRoutingNumberValid,
} from '@portico/contracts/payment-frame/card';
import {
  type ChargeBody,
  type ChargeResult,
  chargeResponse,
  type FrameMerchant,
  type PaymentTokenView,
  type TokenizeBody,
} from '@portico/contracts/payment-frame/charge';
import { chargeWithFee, passedOnRateOfMethod } from '@portico/contracts/payment-frame/fee';
import {
  decodePaymentFrameParams,
  type FrameCustomField,
  type PaymentFrameParams,
  type PaymentOption,
  paymentOptions,
} from '@portico/contracts/payment-frame/params';
import {
  type ScheduledSeriesResponse,
  scheduledSeriesResponse,
} from '@portico/contracts/payment-frame/scheduled-series';
import { PaymentFrameErrorCode, PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import {
  basicPaymentOptions,
  isCardZipOmitted,
  paymentOptionsKeptForPermissions,
} from '@portico/contracts/payment-frame/virtual-terminal-options';
import {
  applyCustomFieldAccess,
  ConfiguratorText,
} from '@portico/contracts/virtual-terminals/terminal-configuration';
import type { VirtualTerminalCustomField } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import { placeholdersOf } from '../../db/named-statement';
import { clients } from '../../db/schema/clients';
import { auditLog } from '../../db/schema/system';
import { transactions } from '../../db/schema/transactions';
import type { ChargeGateway, PaymentToken } from '../../integrations/processors/processor-gateway';
import type { TerminalProvider } from '../../integrations/terminals/terminal-provider';
import { AppError, defineErrors } from '../../lib/app-error';
import { type AuditEntry, auditRowOf, recordAudit } from '../../lib/audit';
import { type IdempotentResult, runIdempotent } from '../../lib/idempotency';
import { merchantFrozenError } from '../../lib/merchant-freeze';
import {
  type AttemptPlanner,
  gatewayChargeOperation,
  isRecordedFailure,
  type MoneyOperation,
  type OneStatementSettle,
  type PaymentAttempt,
  runMoneyAttemptClaimedAtOnce,
} from '../../lib/money-attempt';
import { isPaymentFrameSignatureValid } from '../../lib/payment-frame-signature';
import { decideMerchantAccess, isWithinViewedClient } from '../rbac/rbac.service';
import { evaluateRecordedPayment } from '../risk/risk.service';
import type { SessionContext } from '../session/session.service';
import {
  createSeriesFromLinkCharge,
  isScheduledLinkStart,
  linkSeriesPlan,
  linkSeriesPlanOf,
  scheduleSeriesFromLink,
} from '../subscriptions/link-series';
import { isSecretApiKey } from '../virtual-terminals/virtual-terminals.repository';
import { roleFieldAccessOf, storedTerminalFields } from '../virtual-terminals/virtual-terminals.service';
import {
  cardRowOf,
  entryMetaOf,
  isCardEntryBody,
  isTokenForMethod,
  optionOfCharge,
  tokenizeCardEntry,
} from './card-entry';
import {
  type FrameMerchantRow,
  findMerchantByPublishableKey,
  findMerchantLogo,
  findVaultMethod,
  insertChargeTransaction,
  listMerchantLocations,
  payerSystemUserId,
} from './charges.repository';
import {
  deviceChargeOperation,
  deviceChargeOperationName,
  deviceOfCharge,
  isDeviceMethod,
  openDevicesOf,
} from './device-charge';

// The payment frame's charge path (issue 16 item 1; tamper design at the top of contracts
// payment-frame/params.ts). A charge is a money attempt (lib/money-attempt.ts) under the payer's
// Idempotency-Key: one short transaction checks everything against the merchant's stored state and
// records a pending attempt; the sandbox gateway is asked with the attempt's id as its key; a second
// transaction books the transaction and its audit entry. A double submit pays once.

export const ChargeError = defineErrors({
  InvalidLink: [PaymentFrameErrorCode.InvalidLink, 'validation'],
  SecretKeyInAddress: [PaymentFrameErrorCode.SecretKeyInAddress, 'validation'],
  AmountInvalid: [PaymentFrameErrorCode.AmountInvalid, 'validation'],
  CardInvalid: [PaymentFrameErrorCode.CardInvalid, 'validation'],
  BankInvalid: [PaymentFrameErrorCode.BankInvalid, 'validation'],
  MethodNotAvailable: [PaymentFrameErrorCode.MethodNotAvailable, 'business_rule'],
  CustomFieldRequired: [PaymentFrameErrorCode.CustomFieldRequired, 'validation'],
  MerchantCannotTakePayments: [PaymentFrameErrorCode.MerchantCannotTakePayments, 'business_rule'],
  Declined: [PaymentFrameErrorCode.Declined, 'business_rule'],
  ProcessorUnavailable: [PaymentFrameErrorCode.ProcessorUnavailable, 'unavailable'],
  LocationNotValid: [PaymentFrameErrorCode.LocationNotValid, 'validation'],
  LocationRequired: [PaymentFrameErrorCode.LocationRequired, 'validation'],
  LogoNotFound: [PaymentFrameErrorCode.LogoNotFound, 'not_found'],
});

export type ChargeDeps = {
  db: Db;
  gateway: ChargeGateway;
  dataKey: () => Buffer;
  now: () => Date;
  // The receipt of the first cycle a subscription link's charge paid (issue 18), after the commit.
  sendSeriesReceipt?: (transactionId: string) => Promise<void>;
  // Linked devices (newpos, pax, terminal); without it no device payment is offered.
  terminalProvider?: TerminalProvider;
};

export type ChargeCaller = {
  session: SessionContext | null;
  origin: { ip: string | null; userAgent: string | null };
};

// ---- Tokenisation ---------------------------------------------------------------------------------

function viewOf(token: PaymentToken): PaymentTokenView {
  return {
    token: token.token,
    issuer: token.issuer,
    last4: token.last4,
    exp_month: token.expMonth,
    exp_year: token.expYear,
  };
}

// POST /api/payment-frame/tokenize: the one call that carries a card number and CVV. They are checked,
// handed to the gateway and dropped; the answer is the token, issuer, last four and expiry.
export async function tokenizePaymentMethod(deps: ChargeDeps, body: TokenizeBody): Promise<PaymentTokenView> {
  if (isCardEntryBody(body)) return viewOf(await tokenizeCardEntry(deps, body, ChargeError.CardInvalid));
  if (body.kind === 'bank') {
    const routingNumber = digitsOf(body.routingNumber);
    const accountNumber = digitsOf(body.accountNumber);
    if (!isRoutingNumberValid(routingNumber))
      throw ChargeError.BankInvalid(PaymentFrameText.RoutingNumberNotValid);
    if (!isAccountNumberValid(accountNumber))
      throw ChargeError.BankInvalid(PaymentFrameText.AccountNumberNotValid);
    return viewOf(
      await deps.gateway.tokenizeBank({ routingNumber, accountNumber, accountType: body.accountType }),
    );
  }
  // This build's only gateway is the sandbox: test card numbers only (spec 2 §9).
  const problem = cardProblemOf(body, deps.now(), true);
  if (problem !== null) throw ChargeError.CardInvalid(problem);
  const expYear = Number(body.expYear);
  const token = await deps.gateway.tokenizeCard({
    number: digitsOf(body.number),
    expMonth: Number(body.expMonth),
    expYear: expYear < 100 ? 2000 + expYear : expYear,
    cvv: body.cvv.trim(),
  });
  return viewOf(token);
}

// ---- The merchant behind a frame ------------------------------------------------------------------

// The merchant of a publishable key. A secret key is refused with its own message (issue 16 item 6);
// an unknown or rotated key is an invalid link.
async function merchantOfKey(db: Db, key: string): Promise<FrameMerchantRow> {
  const merchant = await findMerchantByPublishableKey(db, key);
  if (merchant && merchant.level === 'Merchant') return merchant;
  if (await isSecretApiKey(db, key))
    throw ChargeError.SecretKeyInAddress(ConfiguratorText.SecretKeyInAddress);
  throw ChargeError.InvalidLink(PaymentFrameText.InvalidLink);
}

// The permissions a signed-in caller holds on the merchant when they include Virtual Terminal
// (spec 3 §6); null for a payer, a read-only auditor or anyone without it.
export async function virtualTerminalGrants(
  db: Db,
  session: SessionContext | null,
  clientId: string,
): Promise<ReadonlySet<string> | null> {
  return (await virtualTerminalAccess(db, session, clientId))?.grants ?? null;
}

// The same decision with the merchant's locations the user is tied to (empty: not tied), which
// the access decision reads in the same round trip.
export type VirtualTerminalAccess = { grants: ReadonlySet<string>; locationIds: readonly string[] };
export async function virtualTerminalAccess(
  db: Db,
  session: SessionContext | null,
  clientId: string,
): Promise<VirtualTerminalAccess | null> {
  if (session === null || session.isProcessorAuditUser) return null;
  if (
    session.viewAsClientId !== null &&
    !(await isWithinViewedClient(db, session.viewAsClientId, clientId))
  ) {
    return null;
  }
  const access = await decideMerchantAccess(db, session, clientId, Permission.VirtualTerminal);
  return access.isAllowed
    ? { grants: new Set(access.effectivePermissions), locationIds: access.locationIds }
    : null;
}

// The pricing string a merchant passes on to the payer for a method (spec 2 §3 *_p2c), else null.
function passedOnRateOf(merchant: FrameMerchantRow, method: string): string | null {
  return passedOnRateOfMethod(method, {
    credit_card: merchant.cardP2c ? merchant.cardRate : null,
    bank: merchant.achP2c ? merchant.achRate : null,
  });
}

// Spec 3 §3 showLocationsDropdown: the sub-locations a payment may be recorded for. Only where
// the params ask for the dropdown and are signed (or the caller is a virtual terminal user, whose
// unsigned params are theirs). A virtual terminal user tied to locations of this merchant gets
// those only, and always: they must choose one (the frame shows the dropdown when it lists any).
async function frameLocationsOf(
  db: Executor,
  merchantId: string,
  access: VirtualTerminalAccess | null,
  params: PaymentFrameParams | null,
  isSigned: boolean,
) {
  const tied = access?.locationIds ?? [];
  if (tied.length === 0 && (params?.showLocationsDropdown !== true || (!isSigned && access === null))) {
    return [];
  }
  const locations = await listMerchantLocations(db, merchantId);
  return tied.length === 0 ? locations : locations.filter((location) => tied.includes(location.id));
}

// GET /api/payment-frame/logo: the logo bytes only (the frame's CSP takes same-origin images).
export async function frameLogo(deps: ChargeDeps, key: string): Promise<Buffer> {
  const merchant = await merchantOfKey(deps.db, key);
  const logo = await findMerchantLogo(deps.db, merchant.id);
  if (logo === null) throw ChargeError.LogoNotFound(PaymentFrameText.LogoNotFound);
  return logo;
}

// GET /api/payment-frame/merchant.
export async function frameMerchant(
  deps: ChargeDeps,
  caller: ChargeCaller,
  query: { key: string; params?: string | undefined; sig?: string | undefined },
): Promise<FrameMerchant> {
  const merchant = await merchantOfKey(deps.db, query.key);
  const access = await virtualTerminalAccess(deps.db, caller.session, merchant.id);
  const grants = access?.grants ?? null;
  const decoded = query.params === undefined ? null : decodePaymentFrameParams(query.params);
  // Params of another merchant list nothing of this one.
  const params = decoded?.ok && decoded.params.publishableKey === query.key ? decoded.params : null;
  const isSigned =
    params !== null &&
    query.params !== undefined &&
    isPaymentFrameSignatureValid(deps, query.params, query.sig);
  const locations = await frameLocationsOf(deps.db, merchant.id, access, params, isSigned);
  return {
    locations: locations.map((location) => ({ id: location.id, name: location.name })),
    name: merchant.name,
    can_take_card: merchant.cardProcessor !== null,
    can_take_ach: merchant.achProcessor !== null,
    high_ticket: merchant.highTicketCents === null ? null : formatCentsAsDecimal(merchant.highTicketCents),
    passed_on_rates: {
      credit_card: passedOnRateOf(merchant, 'credit_card'),
      bank: passedOnRateOf(merchant, 'bank'),
    },
    virtual_terminal:
      grants === null
        ? null
        : {
            payment_options: paymentOptionsKeptForPermissions(paymentOptions, grants),
            omit_zip: isCardZipOmitted(grants),
            custom_field_access:
              caller.session === null ? null : await roleFieldAccessOf(deps.db, caller.session, merchant.id),
            location_required: (access?.locationIds.length ?? 0) > 0,
            devices: await openDevicesOf(
              deps.db,
              deps.terminalProvider,
              merchant.id,
              access?.locationIds ?? [],
            ),
          },
  };
}

// POST /api/payment-frame/sign: a signed-in user with Virtual Terminal on the params' merchant.
export async function assertMaySignParams(
  deps: ChargeDeps,
  caller: ChargeCaller,
  encoded: string,
): Promise<PaymentFrameParams> {
  const decoded = decodePaymentFrameParams(encoded);
  if (!decoded.ok) throw ChargeError.InvalidLink(PaymentFrameText.InvalidLink);
  const merchant = await merchantOfKey(deps.db, decoded.params.publishableKey);
  if ((await virtualTerminalGrants(deps.db, caller.session, merchant.id)) === null) {
    throw new AppError(CommonErrorCode.Forbidden, 'forbidden', ConfiguratorText.NoVirtualTerminalPermission);
  }
  return decoded.params;
}

// ---- The charge -----------------------------------------------------------------------------------

type ChargeResponse = z.infer<typeof chargeResponse>;

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
    // The chosen sub-location (spec 3 §3 showLocationsDropdown); the report reads sub_location.
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
  // A signed subscription link: the series its approved charge creates (issue 18).
  subscription: linkSeriesPlan.nullable().optional(),
});
type ChargeContext = z.infer<typeof chargeContext>;

const processorEnum = z.enum(processors);

// A sale on a linked device: the charge's booking, the device's answer (device-charge.ts).
export function deviceChargeOperationOf(deps: ChargeDeps): MoneyOperation<ChargeResponse> {
  const unavailable = () => ChargeError.ProcessorUnavailable(PaymentFrameText.PaymentFailedToProcess);
  return deviceChargeOperation(deps.terminalProvider, chargeOperationOf(deps), unavailable);
}

export function chargeOperationOf(deps: ChargeDeps): MoneyOperation<ChargeResponse> {
  return gatewayChargeOperation({
    gateway: deps.gateway,
    responseSchema: chargeResponse,
    chargeOf: (attempt) => chargeContext.parse(attempt.context),
    unavailable: () => ChargeError.ProcessorUnavailable(PaymentFrameText.PaymentFailedToProcess),
    declined: () => ChargeError.Declined(PaymentFrameText.PaymentFailed),
    settle: (tx, attempt, answer) => settleCharge(tx, attempt, answer.reference),
    // A charge without a subscription books in one statement, its risk figures read beside the
    // processor call (issue 16 speed); a subscription link's series takes the transactional settle.
    prepareSettle: async (attempt) => {
      if (chargeContext.parse(attempt.context).subscription) return null;
      const createdAt = new Date();
      const clientId = z.uuid().parse(attempt.clientId);
      const riskKinds = await evaluateRecordedPayment(
        deps.db,
        { clientId, amountCents: attempt.amountCents, createdAt },
        false,
      );
      return (answer) => chargeInOneStatement(deps.db, attempt, answer.reference, createdAt, riskKinds);
    },
    recordFailure: async (tx, attempt, error) => {
      const context = chargeContext.parse(attempt.context);
      await recordAudit(tx, {
        action: 'charge',
        outcome: 'failure',
        actorUserId: context.actor.userId,
        actorEmail: context.actor.email,
        targetType: 'transaction',
        targetId: null,
        clientId: attempt.clientId,
        ip: context.actor.ip,
        userAgent: context.actor.userAgent,
        details: {
          code: error.code,
          amount: formatCentsAsDecimal(attempt.amountCents),
          source: context.source,
          processor: attempt.processor,
          ...(attempt.processorReference ? { processor_reference: attempt.processorReference } : {}),
          ...(attempt.processorReason ? { processor_reason: attempt.processorReason } : {}),
        },
      });
    },
  });
}

// What an approved charge books, the same whichever way it settles: the transaction row at
// createdAt, its audit entry with the risk kinds found, and the answer.
function chargeBookingOf(attempt: PaymentAttempt, reference: string, createdAt: Date) {
  const context = chargeContext.parse(attempt.context);
  const { row } = context;
  const clientId = z.uuid().parse(attempt.clientId);
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
    actorUserId: context.actor.userId,
    actorEmail: context.actor.email,
    targetType: 'transaction',
    targetId: context.transactionId,
    clientId,
    ip: context.actor.ip,
    userAgent: context.actor.userAgent,
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
    status: 'Approved',
    message: PaymentFrameText.PaymentSuccessful,
    issuer: row.cardBrand ?? (row.paymentMethod === 'check' ? 'BANK' : null),
    last4: row.last4,
    created_at: createdAt.toISOString(),
  };
  return {
    context,
    clientId,
    insert,
    auditOf,
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
  return {
    writes: {
      shape: `charge:${row.shape}:${audit.shape}`,
      build: () => [
        db.insert(transactions).values(row.placeholders),
        db.insert(auditLog).values(audit.placeholders),
      ],
      values: { ...row.values, ...audit.values },
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
  // Flagged as it is recorded (issue 20): the risk lists read it at once; the kinds go to the audit entry.
  const riskKinds = await evaluateRecordedPayment(tx, {
    clientId,
    amountCents: attempt.amountCents,
    createdAt: inserted.createdAt,
  });
  await recordAudit(tx, booking.auditOf(riskKinds));
  return booking.answer;
}

// Errors of the idempotency layer itself are not attempts to take money.
const unauditedCodes: ReadonlySet<string> = new Set([
  CommonErrorCode.ValidationFailed,
  CommonErrorCode.IdempotencyKeyReused,
  CommonErrorCode.IdempotentRequestInFlight,
]);

// POST /api/payment-frame/charge.
export async function takeCharge(
  deps: ChargeDeps,
  caller: ChargeCaller,
  body: ChargeBody,
  idempotencyKey: string,
): Promise<IdempotentResult<ChargeResponse | ScheduledSeriesResponse>> {
  const decoded = decodePaymentFrameParams(body.params);
  if (!decoded.ok) throw ChargeError.InvalidLink(PaymentFrameText.InvalidLink);
  const params = decoded.params;
  const merchant = await merchantOfKey(deps.db, params.publishableKey);
  const access = await virtualTerminalAccess(deps.db, caller.session, merchant.id);
  const grants = access?.grants ?? null;
  const isSigned = isPaymentFrameSignatureValid(deps, body.params, body.sig);
  // Unsigned params may be anything the browser made up: only a virtual terminal user may use them.
  if (!isSigned && grants === null) throw ChargeError.InvalidLink(PaymentFrameText.InvalidLink);
  try {
    // Issue 18: a subscription link with a trial or a later start charges nothing now (link-series.ts).
    if (isScheduledLinkStart(params, isSigned, deps.now())) {
      const scope = await idempotencyScopeOf(deps.db, caller, merchant.id, idempotencyKey);
      const request = { ...scope, method: 'POST', path: '/api/payment-frame/charge', body };
      return await runIdempotent(deps.db, request, scheduledSeriesResponse, async (tx) => {
        await assertMerchantTakesPayments(tx, merchant.id);
        const facts = { body, params, merchant, access, grants, isSigned };
        return scheduleSeriesFromLink(tx, await planCharge(tx, deps, caller, facts), deps.now());
      });
    }
    const result = await runMoneyAttemptClaimedAtOnce(
      deps.db,
      isDeviceMethod(body.method) ? deviceChargeOperationOf(deps) : chargeOperationOf(deps),
      {
        ...(await idempotencyScopeOf(deps.db, caller, merchant.id, idempotencyKey)),
        method: 'POST',
        path: '/api/payment-frame/charge',
        body,
        operation: isDeviceMethod(body.method) ? deviceChargeOperationName : 'charge',
      },
      chargePlanner(deps, caller, { body, params, merchant, access, grants, isSigned }),
    );
    if (params.paymentType === 'subscription' && isSigned) {
      await deps.sendSeriesReceipt?.(result.body.message.id);
    }
    return result;
  } catch (err) {
    if (err instanceof AppError && !unauditedCodes.has(err.code) && !isRecordedFailure(err)) {
      await recordAudit(deps.db, {
        action: 'charge',
        outcome: err.kind === 'forbidden' ? 'denied' : 'failure',
        actorUserId: caller.session?.userId ?? null,
        actorEmail: caller.session?.email ?? null,
        targetType: 'client',
        targetId: merchant.id,
        clientId: merchant.id,
        ...caller.origin,
        details: { code: err.code, message: err.message, method: body.method },
      });
    }
    throw err;
  }
}

// A signed-in user's keys are their own. A payer's key is scoped to the merchant they pay (hashed
// with its id, so equal keys of two merchants never meet) under the payers' system account.
async function idempotencyScopeOf(db: Db, caller: ChargeCaller, clientId: string, key: string) {
  if (caller.session !== null) return { key, userId: caller.session.userId };
  const scoped = createHash('sha256').update(`${clientId}:${key}`).digest('base64url');
  return { key: scoped, userId: await payerSystemUserId(db) };
}

type ChargeFacts = {
  body: ChargeBody;
  params: PaymentFrameParams;
  merchant: FrameMerchantRow;
  access: VirtualTerminalAccess | null;
  grants: ReadonlySet<string> | null;
  isSigned: boolean;
};

// The frozen and disabled checks in one read of the merchant row, under a share lock so a freeze (an
// update of that row) cannot slip in between the check and the booking: a frozen merchant is refused
// with the freeze guard's own error and words (lib/merchant-freeze.ts, issue 20), an inactive one with
// the frame's. One round trip instead of two (issue 16 speed).
async function assertMerchantTakesPayments(tx: Tx, clientId: string): Promise<void> {
  const [row] = await tx
    .select({ isActive: clients.isActive, status: clients.status })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('share');
  if (row && !row.isActive) throw merchantFrozenError();
  if (!row || row.status === 'Inactive') {
    throw ChargeError.MerchantCannotTakePayments(PaymentFrameText.MerchantCannotTakePayments);
  }
}

function offeredOptions(facts: ChargeFacts): PaymentOption[] {
  const configured = facts.params.paymentOptions ?? [...basicPaymentOptions];
  // The virtual terminal keeps an option only with its permission (spec 3 §6); a signed link keeps
  // what the merchant signed.
  return facts.grants === null ? configured : paymentOptionsKeptForPermissions(configured, facts.grants);
}

// The guard of the claim: the merchant's row, locked FOR SHARE, while it is active and not Inactive.
const merchantTakesPayments = sql`select ${clients.id} from ${clients}
  where ${clients.id} = ${sql.placeholder('guardClientId')} and ${clients.isActive}
    and (${clients.status} is null or ${clients.status} <> 'Inactive')
  for share`;

// The checks run before the attempt is claimed; the merchant's freeze and status are checked under
// the row's share lock in the claiming statement itself (lib/money-attempt.ts), so a freeze waits
// for a charge already past the check, as before.
function chargePlanner(deps: ChargeDeps, caller: ChargeCaller, facts: ChargeFacts): AttemptPlanner {
  return {
    plan: (executor) => planCharge(executor, deps, caller, facts),
    guard: {
      shape: 'merchant_takes_payments',
      holds: merchantTakesPayments,
      values: { guardClientId: facts.merchant.id },
      assert: (tx) => assertMerchantTakesPayments(tx, facts.merchant.id),
    },
  };
}

async function planCharge(tx: Executor, deps: ChargeDeps, caller: ChargeCaller, facts: ChargeFacts) {
  const { body, params, merchant, grants, isSigned } = facts;

  // The high-ticket limit refuses a payer on a link; a merchant's own Virtual Terminal user may key
  // a larger payment, which risk then flags as 'Over High Ticket' (issue 20).
  const amount = chargeAmountOf(body.amount, grants === null ? merchant.highTicketCents : null);
  if (!amount.ok) throw ChargeError.AmountInvalid(amount.message);
  const signedCents = params.amount === undefined ? null : parseDecimalToCents(params.amount);
  if (
    isSigned &&
    grants === null &&
    !params.freeFormAmount &&
    signedCents !== null &&
    signedCents !== amount.cents
  ) {
    throw ChargeError.AmountInvalid(PaymentFrameText.AmountMustMatchLink);
  }

  const options = offeredOptions(facts);
  const source = grants === null ? ('payment_link' as const) : ('virtual_terminal' as const);
  let token: PaymentToken | null = null;
  let customerId: string | null = null;
  let savedCustomer: { firstName: string | null; lastName: string | null; email: string | null } | null =
    null;
  if (body.method === 'saved') {
    if (params.customerId === undefined || body.paymentMethodId === undefined) {
      throw ChargeError.MethodNotAvailable(PaymentFrameText.SavedMethodNotFound);
    }
    const saved = await findVaultMethod(tx, merchant.id, params.customerId, body.paymentMethodId);
    if (!saved) throw ChargeError.MethodNotAvailable(PaymentFrameText.SavedMethodNotFound);
    token = deps.gateway.readToken(saved.token, deps.now());
    if (token === null) throw ChargeError.MethodNotAvailable(PaymentFrameText.SavedMethodNotFound);
    customerId = saved.customerId;
    savedCustomer = saved;
  } else if (body.method !== 'cash' && !isDeviceMethod(body.method)) {
    if (body.token === undefined) throw ChargeError.CardInvalid(PaymentFrameText.CardTokenNotValid);
    token = deps.gateway.readToken(body.token, deps.now());
    if (token === null || !isTokenForMethod(body.method, token)) {
      throw ChargeError.CardInvalid(PaymentFrameText.CardTokenNotValid);
    }
  }
  // A device payment is taken by the merchant's own staff on the virtual terminal, as cash is.
  const device =
    isDeviceMethod(body.method) && grants !== null
      ? await deviceOfCharge(tx, deps.terminalProvider, {
          merchantId: merchant.id,
          method: body.method,
          terminalId: body.terminal_id,
          tiedLocationIds: facts.access?.locationIds ?? [],
        })
      : null;
  const isBank = token?.issuer === 'BANK';
  const option = optionOfCharge(body.method, isBank);
  // Cash moves no money through a processor: only the merchant's own staff record it.
  const isOffered =
    options.includes(option) && ((option !== 'cash' && !isDeviceMethod(body.method)) || grants !== null);
  const processorName =
    option === 'bank' ? merchant.achProcessor : option === 'cash' ? null : merchant.cardProcessor;
  if (!isOffered || (option !== 'cash' && processorName === null)) {
    throw ChargeError.MethodNotAvailable(PaymentFrameText.MethodNotAvailable);
  }
  if (token !== null && token.issuer !== 'BANK' && token.expMonth !== null && token.expYear !== null) {
    const now = deps.now();
    const isExpired =
      token.expYear < now.getUTCFullYear() ||
      (token.expYear === now.getUTCFullYear() && token.expMonth < now.getUTCMonth() + 1);
    if (isExpired) throw ChargeError.CardInvalid(PaymentFrameText.CardExpired);
  }
  const isZipRequired =
    option === 'credit_card' &&
    body.method !== 'saved' &&
    (grants === null ? params.zipMode === 'required' : !isCardZipOmitted(grants));
  if (isZipRequired && !/^[A-Za-z0-9 -]{3,10}$/.test(body.zip?.trim() ?? '')) {
    throw ChargeError.CardInvalid(PaymentFrameText.ZipRequired);
  }
  const fields = await customFieldsOfCharge(tx, caller, facts);
  const customFields = requiredCustomFieldsFilled(fields, body, grants === null);
  // The fee is part of what is charged and booked (one amount; the surcharge column says how much).
  // A saved method pays no passed-on fee: the frame cannot tell a saved card from a saved account
  // before paying, so it shows none, and a payer is never charged a fee they were not shown.
  const feeMethod = body.method === 'saved' ? 'saved' : option;
  const charged = chargeWithFee(
    amount.cents,
    passedOnRateOf(merchant, feeMethod),
    params.showFeeValue === true,
  );

  // Spec 3 §3 phoneOption: a link that requires the payer's phone refuses a payment without it.
  const phone = body.phone?.trim() || null;
  if (params.phoneOption === 'required' && phone === null) {
    throw ChargeError.CustomFieldRequired(PaymentFrameText.CustomFieldRequired('Phone'));
  }
  // Spec 3 §3 billingAddress: required of a payer on a link, optional on the virtual terminal.
  const billingRule = billingAddressRuleOf(params, grants !== null && params.isVirtualTerminal === true);
  const billing = billingAddressOf(body.billingAddress, billingRule.isRequired);
  if (billingRule.isShown && billing.missing !== null) {
    throw ChargeError.CustomFieldRequired(
      PaymentFrameText.CustomFieldRequired(billingAddressLabels[billing.missing]),
    );
  }
  const billingAddress = billingRule.isShown ? billing.address : {};
  // A location the frame did not offer (another merchant's, or not the user's) is refused; a virtual
  // terminal user tied to locations of the merchant must choose one of theirs.
  let location: { id: string; name: string; customFields: Record<string, string | number> } | null = null;
  if (device !== null) {
    // A device payment is recorded at the device's own location.
    location = device.location;
  } else if (body.locationId !== undefined) {
    const offered = await frameLocationsOf(tx, merchant.id, facts.access, params, isSigned);
    location = offered.find((candidate) => candidate.id === body.locationId) ?? null;
    if (location === null) throw ChargeError.LocationNotValid(PaymentFrameText.LocationNotValid);
  } else if ((facts.access?.locationIds.length ?? 0) > 0) {
    throw ChargeError.LocationRequired(PaymentFrameText.LocationRequired);
  }
  const firstName = body.firstName?.trim() || savedCustomer?.firstName || null;
  const lastName = body.lastName?.trim() || savedCustomer?.lastName || null;
  const email = body.email?.trim().toLowerCase() || savedCustomer?.email || null;
  // Spec 3 §3 emailOption: 'required' refuses a payment without an e-mail, as phoneOption does.
  if (params.emailOption === 'required' && email === null) {
    throw ChargeError.CustomFieldRequired(PaymentFrameText.CustomFieldRequired('Email'));
  }
  const subscription = linkSeriesPlanOf({ params, isSigned, isCard: option === 'credit_card', email });
  const meta: Record<string, unknown> = {
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    ...(Object.keys(billingAddress).length > 0 ? { billingAddress } : {}),
    ...(Object.keys(customFields).length > 0 ? { customFields } : {}),
  };
  const context: ChargeContext = {
    transactionId: randomUUID(),
    processorName: processorName ?? 'sandbox',
    token: token?.token ?? 'cash',
    row: {
      ...(option === 'bank'
        ? {
            type: 'ach' as const,
            actionMode: 'debit' as const,
            action: 'debit',
            paymentMethod: 'check' as const,
          }
        : option === 'cash'
          ? {
              type: 'cash' as const,
              actionMode: 'charge' as const,
              action: 'sale',
              paymentMethod: 'cash' as const,
            }
          : cardRowOf(option)),
      processor: processorName,
      cardBrand: token && option !== 'bank' ? token.issuer : null,
      cardType: token && option !== 'bank' ? 'credit' : null,
      last4: token?.last4 ?? null,
      displayToken: token === null ? null : displayTokenOf(token),
      customerId,
      firstName,
      lastName,
      email,
      meta: { ...meta, ...entryMetaOf(option), ...device?.meta },
      surchargeCents: charged.feeCents,
      ...(location
        ? {
            subEntityId: location.id,
            subLocation: { name: location.name, custom_fields: location.customFields },
          }
        : {}),
    },
    actor: {
      userId: caller.session?.userId ?? null,
      email: caller.session?.email ?? null,
      ip: caller.origin.ip,
      userAgent: caller.origin.userAgent,
    },
    source,
    subscription,
  };
  return {
    transactionId: null,
    clientId: merchant.id,
    amountCents: charged.totalCents,
    processor: context.processorName,
    context: device === null ? context : { ...context, device: device.context },
  };
}

// The vault's display form ISSUER-last4-mm-yyyy (spec 2 §3); BANK-last4 for accounts.
function displayTokenOf(token: PaymentToken): string {
  if (token.issuer === 'BANK' || token.expMonth === null || token.expYear === null)
    return `BANK-${token.last4}`;
  return `${token.issuer}-${token.last4}-${String(token.expMonth).padStart(2, '0')}-${token.expYear}`;
}

// The custom fields a charge takes. On the virtual terminal (unsigned params the browser could make
// up) only the stored terminal's fields count, each as the user's role decides (spec 3 §6): required,
// optional, or hidden and never recorded. A payment link takes the fields it signed, which its payer
// was shown.
async function customFieldsOfCharge(
  tx: Executor,
  caller: ChargeCaller,
  facts: ChargeFacts,
): Promise<readonly (VirtualTerminalCustomField | FrameCustomField)[]> {
  const { params, merchant, grants, isSigned } = facts;
  const isVirtualTerminal = grants !== null && params.isVirtualTerminal === true;
  if (!isVirtualTerminal || caller.session === null) return isSigned ? (params.customFields ?? []) : [];
  if (params.terminalId === undefined) return [];
  const stored = await storedTerminalFields(tx, merchant.id, params.terminalId);
  if (stored === null || stored.length === 0) return [];
  const access = await roleFieldAccessOf(tx, caller.session, merchant.id);
  return applyCustomFieldAccess(stored, access?.[params.terminalId]);
}

// The custom fields the payer filled in, by name; a required one left empty is refused, one the
// fields do not name (hidden by the role, or made up) is dropped. A payer (guest) must fill those
// marked requireForGuest as well.
function requiredCustomFieldsFilled(
  fields: readonly (VirtualTerminalCustomField | FrameCustomField)[],
  body: ChargeBody,
  isGuest: boolean,
): Record<string, string | boolean> {
  const given = body.customFields ?? {};
  const known = new Map(fields.map((field) => [field.name, field]));
  const kept: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(given)) {
    if (known.has(name)) kept[name] = typeof value === 'string' ? value.trim() : value;
  }
  for (const field of known.values()) {
    const isRequired = field.required === true || (isGuest && field.requireForGuest === true);
    const value = kept[field.name];
    const isEmpty = value === undefined || value === '' || value === false;
    if (isRequired && isEmpty)
      throw ChargeError.CustomFieldRequired(PaymentFrameText.CustomFieldRequired(field.name));
  }
  return kept;
}
