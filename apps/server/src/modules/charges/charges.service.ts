import { createHash } from 'node:crypto';
import { Permission } from '@portico/contracts/access/permission-names';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  cardProblemOf,
  digitsOf,
  isAccountNumberValid,
  isRoutingNumberValid,
} from '@portico/contracts/payment-frame/card';
import type {
  ChargeBody,
  FrameMerchant,
  PaymentTokenView,
  TokenizeBody,
} from '@portico/contracts/payment-frame/charge';
import { isOneTimeLink } from '@portico/contracts/payment-frame/link-terms';
import {
  decodePaymentFrameParams,
  type PaymentFrameParams,
  paymentOptions,
} from '@portico/contracts/payment-frame/params';
import {
  type ScheduledSeriesResponse,
  scheduledSeriesResponse,
} from '@portico/contracts/payment-frame/scheduled-series';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import {
  isCardZipOmitted,
  paymentOptionsKeptForPermissions,
} from '@portico/contracts/payment-frame/virtual-terminal-options';
import { ConfiguratorText } from '@portico/contracts/virtual-terminals/terminal-configuration';
import { decideMerchantAccess, isWithinViewedClient } from '../../access/merchant-scope';
import type { SessionContext } from '../../access/request-session';
import type { Db } from '../../db/client';
import type { PaymentToken } from '../../integrations/processors/processor-gateway';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { boundedMemo } from '../../lib/bounded-memo';
import { type IdempotentResult, runIdempotent } from '../../lib/idempotency';
import { isRecordedFailure, runMoneyAttemptClaimedAtOnce } from '../../lib/money-attempt';
import { isPaymentFrameSignatureValid } from '../../lib/payment-frame-signature';
import { assertWithinLimit, type RouteLimit } from '../../lib/rate-limit-counters';
import { resolveClientBranding, resolveClientBrandLogo } from '../branding/branding.service';
import type { PaymentRiskFigures } from '../risk/risk.repository';
import { isSecretApiKey } from '../virtual-terminals/virtual-terminals.repository';
import { roleFieldAccessOf } from '../virtual-terminals/virtual-terminals.service';
import { isCardEntryBody, tokenizeCardEntry } from './card-entry';
import { type ChargeResponse, chargeOperationOf, deviceChargeOperationOf } from './charge-booking';
import {
  assertMerchantTakesPayments,
  chargePlanner,
  frameLocationsOf,
  passedOnRateOf,
  planCharge,
  type RememberedMerchantGuard,
} from './charge-plan';
import { ChargeError } from './charges.errors';
import {
  type FrameMerchantRow,
  findMerchantByPublishableKey,
  findMerchantLogo,
  openCharge,
  payerSystemUserId,
  type RememberedMerchantClaimParts,
  rememberedMerchantClaim,
} from './charges.repository';
import type { ChargeDeps, PaymentFrameCaller, VirtualTerminalAccess } from './charges.types';
import { deviceChargeOperationName, isDeviceMethod, openDevicesOf } from './device-charge';
import { isScheduledLinkStart, scheduleSeriesFromLink } from './link-series';
import { linkStateOf, oneTimeLinkKeyOf, payOneTimeLink } from './link-terms';

// The payment frame's charge path (tamper design at the top of contracts payment-frame/params.ts). A
// charge is a money attempt (lib/money-attempt.ts) under the payer's Idempotency-Key: one short
// transaction checks everything against the merchant's stored state and records a pending attempt;
// the sandbox gateway is asked with the attempt's id as its key; a second transaction books the
// transaction and its audit entry. A double submit pays once.

// Every payer of a link sends the same params: decoded once while the link is in use.
const decodeParams = boundedMemo(500, decodePaymentFrameParams);

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
  // This build's only gateway is the sandbox: test card numbers only.
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

// The merchant of a publishable key. A secret key is refused with its own message;
// an unknown or rotated key is an invalid link.
async function merchantOfKey(db: Db, key: string): Promise<FrameMerchantRow> {
  return merchantOrRefusal(db, await findMerchantByPublishableKey(db, key), key);
}

async function merchantOrRefusal(
  db: Db,
  merchant: FrameMerchantRow | undefined,
  key: string,
): Promise<FrameMerchantRow> {
  if (merchant && merchant.level === 'Merchant') return merchant;
  if (await isSecretApiKey(db, key))
    throw ChargeError.SecretKeyInAddress(ConfiguratorText.SecretKeyInAddress);
  throw ChargeError.InvalidLink(PaymentFrameText.InvalidLink);
}

// The permissions a signed-in caller holds on the merchant when they include Virtual Terminal;
// null for a payer, a read-only auditor or anyone without it.
export async function virtualTerminalGrants(
  db: Db,
  session: SessionContext | null,
  clientId: string,
): Promise<ReadonlySet<string> | null> {
  return (await virtualTerminalAccess(db, session, clientId))?.grants ?? null;
}

// The same decision with the merchant's locations the user is tied to (empty: not tied), which
// the access decision reads in the same round trip.
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

// GET /api/payment-frame/logo: the logo bytes only (the frame's CSP takes same-origin images).
export async function frameLogo(deps: ChargeDeps, key: string): Promise<Buffer> {
  const merchant = await merchantOfKey(deps.db, key);
  // The merchant's own logo, else its parent's, else its white label's.
  const logo =
    (await findMerchantLogo(deps.db, merchant.id)) ?? (await resolveClientBrandLogo(deps.db, merchant.id));
  if (logo === null) throw ChargeError.LogoNotFound(PaymentFrameText.LogoNotFound);
  return logo;
}

// GET /api/payment-frame/merchant.
export async function frameMerchant(
  deps: ChargeDeps,
  caller: PaymentFrameCaller,
  query: { key: string; params?: string | undefined; sig?: string | undefined },
): Promise<FrameMerchant> {
  const merchant = await merchantOfKey(deps.db, query.key);
  const access = await virtualTerminalAccess(deps.db, caller.session, merchant.id);
  const grants = access?.grants ?? null;
  const decoded = query.params === undefined ? null : decodeParams(query.params);
  // Params of another merchant list nothing of this one.
  const params = decoded?.ok && decoded.params.publishableKey === query.key ? decoded.params : null;
  const isSigned =
    params !== null &&
    query.params !== undefined &&
    isPaymentFrameSignatureValid(deps, query.params, query.sig);
  const locations = await frameLocationsOf(deps.db, merchant.id, access, params, isSigned);
  // A paid one-time link or an expired link: the frame says so instead of asking for a card.
  const linkState =
    isSigned && query.sig !== undefined
      ? await linkStateOf(deps.db, merchant.id, params, query.sig, deps.now())
      : 'open';
  const branding = await resolveClientBranding(deps.db, merchant.id);
  return {
    locations: locations.map((location) => ({ id: location.id, name: location.name })),
    link_state: linkState,
    brand: branding ? { entity_name: branding.entity_name, color: branding.color } : null,
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
  caller: PaymentFrameCaller,
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

// Errors of the idempotency layer itself are not attempts to take money.
const unauditedCodes: ReadonlySet<string> = new Set([
  CommonErrorCode.ValidationFailed,
  // A payer over the charge's limit (counted in the claim of a remembered merchant's charge).
  CommonErrorCode.RateLimited,
  CommonErrorCode.IdempotencyKeyReused,
  CommonErrorCode.IdempotentRequestInFlight,
]);

// POST /api/payment-frame/charge. limit: the payer's limit on charges, counted here: in the charge's
// first statement (openCharge), or, for a merchant remembered from an earlier charge, in the claiming
// statement (three round trips instead of four), which claims only while that
// merchant's rows are still the version planned on; otherwise the merchant is read again.
export async function takeCharge(
  deps: ChargeDeps,
  caller: PaymentFrameCaller,
  body: ChargeBody,
  idempotencyKey: string,
  limit: RouteLimit,
): Promise<IdempotentResult<ChargeResponse | ScheduledSeriesResponse>> {
  const decoded = decodeParams(body.params);
  if (!decoded.ok) throw ChargeError.InvalidLink(PaymentFrameText.InvalidLink);
  const request: ChargeRequest = {
    body,
    params: decoded.params,
    idempotencyKey,
    // The moment the charge is booked at: its risk figures are those of the merchant's payments before it.
    at: new Date(),
    isSigned: isPaymentFrameSignatureValid(deps, body.params, body.sig),
  };
  const key = request.params.publishableKey;
  // A subscription link starting later takes no claim, and a one-time link's payment is claimed in a
  // transaction (link-terms.ts payOneTimeLink): both read the merchant afresh.
  const isReadAfresh =
    isScheduledLinkStart(request.params, request.isSigned, deps.now()) ||
    (request.isSigned && isOneTimeLink(request.params));
  const remembered = isReadAfresh ? undefined : deps.frameMerchants?.get(key);
  if (remembered !== undefined) {
    const hit = { limit, isCounted: false };
    try {
      return await chargeMerchant(deps, caller, request, { merchant: remembered, riskFigures: null, hit });
    } catch (err) {
      // Refused before its claim (the remembered merchant may be out of date) or found changed by it:
      // the charge is planned again on the merchant read afresh, which gives the answer.
      if (hit.isCounted && !(err instanceof StaleFrameMerchant)) throw err;
      deps.frameMerchants?.delete(key);
    }
    return chargeFresh(deps, caller, request, hit.isCounted ? null : limit);
  }
  return chargeFresh(deps, caller, request, limit);
}

type ChargeRequest = {
  body: ChargeBody;
  params: PaymentFrameParams;
  idempotencyKey: string;
  at: Date;
  isSigned: boolean;
};

// The payer's hit on the charge's limit while not yet counted (a remembered merchant's charge).
type UncountedHit = { limit: RouteLimit; isCounted: boolean };

// Thrown by the claim of a charge planned on a remembered merchant whose rows have changed since.
class StaleFrameMerchant extends Error {}

// The merchant read with the payer's hit (unless counted already: limit null) and its risk figures.
async function chargeFresh(
  deps: ChargeDeps,
  caller: PaymentFrameCaller,
  request: ChargeRequest,
  limit: RouteLimit | null,
): Promise<IdempotentResult<ChargeResponse | ScheduledSeriesResponse>> {
  const key = request.params.publishableKey;
  const opened = await openCharge(deps.db, { key, limit, at: request.at });
  if (limit !== null && opened.hit !== null) assertWithinLimit(opened.hit, limit.max);
  const merchant = await merchantOrRefusal(deps.db, opened.merchant, key);
  deps.frameMerchants?.set(key, merchant);
  return chargeMerchant(deps, caller, request, {
    merchant,
    riskFigures: opened.riskFigures ?? null,
    hit: null,
  });
}

async function chargeMerchant(
  deps: ChargeDeps,
  caller: PaymentFrameCaller,
  request: ChargeRequest,
  // hit: the payer's hit when not yet counted (riskFigures are then read in the claim).
  opening: { merchant: FrameMerchantRow; riskFigures: PaymentRiskFigures | null; hit: UncountedHit | null },
): Promise<IdempotentResult<ChargeResponse | ScheduledSeriesResponse>> {
  const { body, params, isSigned, idempotencyKey, at } = request;
  const { merchant, hit } = opening;
  // A remembered merchant's charge refused before its claim is not audited: it is planned again.
  const isFinal = () => hit === null || hit.isCounted;
  const access = await virtualTerminalAccess(deps.db, caller.session, merchant.id);
  const grants = access?.grants ?? null;
  // Unsigned params may be anything the browser made up: only a virtual terminal user may use them.
  if (!isSigned && grants === null) throw ChargeError.InvalidLink(PaymentFrameText.InvalidLink);
  const facts = { body, params, merchant, access, grants, isSigned };
  try {
    // A subscription link with a trial or a later start charges nothing now (link-series.ts).
    if (isScheduledLinkStart(params, isSigned, deps.now())) {
      const scope = await idempotencyScopeOf(deps.db, caller, merchant.id, idempotencyKey);
      const scheduled = { ...scope, method: 'POST', path: '/api/payment-frame/charge', body };
      return await runIdempotent(deps.db, scheduled, scheduledSeriesResponse, async (tx) => {
        await assertMerchantTakesPayments(tx, merchant.id);
        return scheduleSeriesFromLink(tx, await planCharge(tx, deps, caller, facts), deps.now());
      });
    }
    // The merchant's risk figures only annotate the booking's audit entry: read with the merchant or
    // in the claim, not after, to save a round trip. A subscription link's series reads its own in the
    // transactional settle.
    let figuresRead: (figures: PaymentRiskFigures) => void = () => undefined;
    const figures =
      hit === null
        ? Promise.resolve(opening.riskFigures)
        : new Promise<PaymentRiskFigures | null>((resolve) => {
            figuresRead = resolve;
          });
    const riskBefore =
      params.paymentType === 'subscription' && isSigned ? undefined : { clientId: merchant.id, at, figures };
    const remembered =
      hit === null
        ? null
        : rememberedMerchantGuard(
            rememberedMerchantClaim({ limit: hit.limit, version: merchant.version, at }),
            hit,
            figuresRead,
          );
    const operation = isDeviceMethod(body.method)
      ? deviceChargeOperationOf(deps, riskBefore)
      : chargeOperationOf(deps, riskBefore);
    const attemptRequest = {
      ...(await idempotencyScopeOf(deps.db, caller, merchant.id, idempotencyKey)),
      method: 'POST',
      path: '/api/payment-frame/charge',
      body,
      operation: isDeviceMethod(body.method) ? deviceChargeOperationName : 'charge',
    };
    const planner = chargePlanner(deps, caller, facts, remembered);
    // A signed one-time link is paid once: its attempt holds the link's once-key.
    const onceKey =
      isSigned && body.sig !== undefined ? oneTimeLinkKeyOf(merchant.id, params, body.sig) : null;
    const result =
      onceKey === null
        ? await runMoneyAttemptClaimedAtOnce(deps.db, operation, attemptRequest, planner)
        : await payOneTimeLink(deps.db, operation, attemptRequest, planner, onceKey);
    if (params.paymentType === 'subscription' && isSigned) {
      await deps.sendSeriesReceipt?.(result.body.message.id);
    }
    return result;
  } catch (err) {
    if (isFinal() && err instanceof AppError && !unauditedCodes.has(err.code) && !isRecordedFailure(err)) {
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

// The claim of a charge planned on a remembered merchant: the payer's hit is counted in it whatever
// happens; over the limit, 429; the merchant changed since, StaleFrameMerchant (read again);
// otherwise the claim's outcome stands (a refused one goes the transactional way).
function rememberedMerchantGuard(
  claim: RememberedMerchantClaimParts,
  hit: UncountedHit,
  figuresRead: (figures: PaymentRiskFigures) => void,
): RememberedMerchantGuard {
  return {
    claim,
    read: (row, claimed) => {
      hit.isCounted = true;
      const answer = claim.parse(row);
      figuresRead(answer.riskFigures);
      assertWithinLimit(answer.hit, hit.limit.max);
      if (!claimed && answer.version !== claim.values.rememberedVersion) throw new StaleFrameMerchant();
    },
  };
}

// A payer's key as stored: scoped to the merchant they pay (hashed with its id, so equal keys of two
// merchants never meet).
export function payerIdempotencyKey(clientId: string, key: string): string {
  return createHash('sha256').update(`${clientId}:${key}`).digest('base64url');
}

// A signed-in user's keys are their own; a payer's are kept under the payers' system account.
async function idempotencyScopeOf(db: Db, caller: PaymentFrameCaller, clientId: string, key: string) {
  if (caller.session !== null) return { key, userId: caller.session.userId };
  return { key: payerIdempotencyKey(clientId, key), userId: await payerSystemUserId(db) };
}
