import { randomUUID } from 'node:crypto';
import { parseDecimalToCents } from '@portico/contracts/money/money';
import { chargeAmountOf } from '@portico/contracts/payment-frame/amount';
import {
  billingAddressLabels,
  billingAddressOf,
  billingAddressRuleOf,
} from '@portico/contracts/payment-frame/billing-address';
import type { ChargeBody } from '@portico/contracts/payment-frame/charge';
import { chargeWithFee, passedOnRateOfMethod } from '@portico/contracts/payment-frame/fee';
import type {
  FrameCustomField,
  PaymentFrameParams,
  PaymentOption,
} from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import {
  basicPaymentOptions,
  isCardZipOmitted,
  paymentOptionsKeptForPermissions,
} from '@portico/contracts/payment-frame/virtual-terminal-options';
import { applyCustomFieldAccess } from '@portico/contracts/virtual-terminals/terminal-configuration';
import type { VirtualTerminalCustomField } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { clients } from '../../db/schema/clients';
import type { SqlRow } from '../../db/sql-rows';
import type { PaymentToken } from '../../integrations/processors/processor-gateway';
import type { AttemptPlanner } from '../../lib/money-attempt';
import { roleFieldAccessOf, storedTerminalFields } from '../virtual-terminals/virtual-terminals.service';
import { cardRowOf, entryMetaOf, isTokenForMethod, optionOfCharge } from './card-entry';
import { type ChargeContext, knownContext } from './charge-booking';
import { ChargeError } from './charges.errors';
import {
  type FrameMerchantRow,
  findVaultMethod,
  listMerchantLocations,
  type RememberedMerchantClaimParts,
  rememberedMerchantHolds,
} from './charges.repository';
import type { ChargeDeps, PaymentFrameCaller, VirtualTerminalAccess } from './charges.types';
import { deviceOfCharge, isDeviceMethod } from './device-charge';
import { linkOptionsOfCharge } from './link-options';
import { linkSeriesPlanOf } from './link-series';
import { assertLinkNotExpired } from './link-terms';

// A charge's plan (charges.service.ts takeCharge): the checks and reads made before any money moves,
// against the merchant's stored state, ending in the attempt to record (lib/money-attempt.ts).

// The pricing string a merchant passes on to the payer for a method (its card_p2c, ach_p2c), else null.
export function passedOnRateOf(merchant: FrameMerchantRow, method: string): string | null {
  return passedOnRateOfMethod(method, {
    credit_card: merchant.cardP2c ? merchant.cardRate : null,
    bank: merchant.achP2c ? merchant.achRate : null,
  });
}

// The params' showLocationsDropdown: the sub-locations a payment may be recorded for. Only where
// the params ask for the dropdown and are signed (or the caller is a virtual terminal user, whose
// unsigned params are theirs). A virtual terminal user tied to locations of this merchant gets
// those only, and always: they must choose one (the frame shows the dropdown when it lists any).
export async function frameLocationsOf(
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

// What a charge is decided on: the request, its decoded params, the merchant and the caller's access.
export type ChargeFacts = {
  body: ChargeBody;
  params: PaymentFrameParams;
  merchant: FrameMerchantRow;
  access: VirtualTerminalAccess | null;
  grants: ReadonlySet<string> | null;
  isSigned: boolean;
};

// The frozen and disabled checks in one read of the merchant row, under a share lock so a freeze (an
// update of that row) cannot slip in between the check and the booking. A payer (or the terminal's
// operator) reads the same words for both: the merchant cannot take payments right now; whether it
// is frozen by risk review or disabled is the provider's business, not the payer's. One round trip
// instead of two.
export async function assertMerchantTakesPayments(tx: Tx, clientId: string): Promise<void> {
  const [row] = await tx
    .select({ isActive: clients.isActive, status: clients.status })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('share');
  if (!row?.isActive || row.status === 'Inactive') {
    throw ChargeError.MerchantCannotTakePayments(PaymentFrameText.MerchantCannotTakePayments);
  }
}

function offeredOptions(facts: ChargeFacts): PaymentOption[] {
  const configured = facts.params.paymentOptions ?? [...basicPaymentOptions];
  // The virtual terminal keeps an option only with its permission; a signed link keeps
  // what the merchant signed.
  return facts.grants === null ? configured : paymentOptionsKeptForPermissions(configured, facts.grants);
}

// The guard of the claim: the merchant's row, locked FOR SHARE, while it is active and not Inactive;
// for a charge planned on a remembered merchant, also while the payer is within the charge's limit
// and the merchant is the version planned on (charges.repository.ts rememberedMerchantClaim).
function merchantTakesPaymentsSql(also: SQL | null): SQL {
  return sql`select ${clients.id} from ${clients}
  where ${clients.id} = ${sql.placeholder('guardClientId')} and ${clients.isActive}
    and (${clients.status} is null or ${clients.status} <> 'Inactive')${also === null ? sql`` : sql` and ${also}`}
  for share of ${clients}`;
}
const merchantTakesPayments = merchantTakesPaymentsSql(null);
const rememberedMerchantTakesPayments = merchantTakesPaymentsSql(rememberedMerchantHolds);

// A charge planned on a remembered merchant: its claim's extra parts, and what to make of their row.
export type RememberedMerchantGuard = {
  claim: RememberedMerchantClaimParts;
  read(row: SqlRow, claimed: boolean): void;
};

// The checks run before the attempt is claimed; the merchant's freeze and status are checked under
// the row's share lock in the claiming statement itself (lib/money-attempt.ts), so a freeze waits
// for a charge already past the check, as before.
export function chargePlanner(
  deps: ChargeDeps,
  caller: PaymentFrameCaller,
  facts: ChargeFacts,
  remembered: RememberedMerchantGuard | null = null,
): AttemptPlanner {
  return {
    plan: (executor) => planCharge(executor, deps, caller, facts),
    guard: {
      shape: remembered === null ? 'merchant_takes_payments' : 'merchant_takes_payments:remembered',
      holds: remembered === null ? merchantTakesPayments : rememberedMerchantTakesPayments,
      values: { guardClientId: facts.merchant.id, ...remembered?.claim.values },
      assert: (tx) => assertMerchantTakesPayments(tx, facts.merchant.id),
      ...(remembered === null
        ? {}
        : {
            extra: { with: remembered.claim.with, answers: remembered.claim.answers, read: remembered.read },
          }),
    },
  };
}

export async function planCharge(
  tx: Executor,
  deps: ChargeDeps,
  caller: PaymentFrameCaller,
  facts: ChargeFacts,
) {
  const { body, params, merchant, grants, isSigned } = facts;
  // Checked in the plan, after the Idempotency-Key: a retry of a payment answered before the expiry
  // still gets its answer.
  assertLinkNotExpired(params, isSigned, deps.now());

  // The high-ticket limit refuses a payer on a link; a merchant's own Virtual Terminal user may key
  // a larger payment, which risk then flags as 'Over High Ticket'.
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
  // A saved method is paid only by its id, found under the link's customer and this merchant; its
  // token never comes from the caller. Every other token must be one the gateway issued through
  // /tokenize: a saved method's token (shown in the vault and the reports) or a made-up string is
  // refused there, so it cannot pay as a keyed, swiped, wallet or bank payment.
  if (body.method === 'saved') {
    if (params.customerId === undefined || body.paymentMethodId === undefined) {
      throw ChargeError.MethodNotAvailable(PaymentFrameText.SavedMethodNotFound);
    }
    const saved = await findVaultMethod(tx, merchant.id, params.customerId, body.paymentMethodId);
    if (!saved) throw ChargeError.MethodNotAvailable(PaymentFrameText.SavedMethodNotFound);
    token = deps.gateway.readSavedToken(saved.token);
    if (token === null) throw ChargeError.MethodNotAvailable(PaymentFrameText.SavedMethodNotFound);
    customerId = saved.customerId;
    savedCustomer = saved;
  } else if (body.method !== 'cash' && !isDeviceMethod(body.method)) {
    if (body.token === undefined) throw ChargeError.CardInvalid(PaymentFrameText.CardTokenNotValid);
    token = deps.gateway.readIssuedToken(body.token, deps.now());
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

  // phoneOption: a link that requires the payer's phone refuses a payment without it.
  const phone = body.phone?.trim() || null;
  if (params.phoneOption === 'required' && phone === null) {
    throw ChargeError.CustomFieldRequired(PaymentFrameText.CustomFieldRequired('Phone'));
  }
  // billingAddress: required of a payer on a link, optional on the virtual terminal.
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
  // emailOption: 'required' refuses a payment without an e-mail, as phoneOption does.
  if (params.emailOption === 'required' && email === null) {
    throw ChargeError.CustomFieldRequired(PaymentFrameText.CustomFieldRequired('Email'));
  }
  const linkOptions = linkOptionsOfCharge({
    body,
    params,
    amountCents: amount.cents,
    isCard: token !== null && token.issuer !== 'BANK',
    firstName,
    lastName,
    email,
  });
  // The tip is part of the sale: the fee passed on is reckoned on the amount with its tip, and the
  // total charged (one amount, so the gross and net rules count it as any sale) holds both.
  const charged = chargeWithFee(
    amount.cents + linkOptions.tipCents,
    passedOnRateOf(merchant, feeMethod),
    params.showFeeValue === true,
  );
  const subscription = linkSeriesPlanOf({ params, isSigned, isCard: option === 'credit_card', email });
  const meta: Record<string, unknown> = {
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    ...(Object.keys(billingAddress).length > 0 ? { billingAddress } : {}),
    ...(Object.keys(customFields).length > 0 ? { customFields } : {}),
    ...(Object.keys(linkOptions.record).length > 0 ? { linkOptions: linkOptions.record } : {}),
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
      tipCents: linkOptions.tipCents,
      ...(linkOptions.saveCard ? { saveCard: true } : {}),
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
    context: device === null ? knownContext(context) : { ...context, device: device.context },
  };
}

// The vault's display form ISSUER-last4-mm-yyyy; BANK-last4 for accounts.
function displayTokenOf(token: PaymentToken): string {
  if (token.issuer === 'BANK' || token.expMonth === null || token.expYear === null)
    return `BANK-${token.last4}`;
  return `${token.issuer}-${token.last4}-${String(token.expMonth).padStart(2, '0')}-${token.expYear}`;
}

// The custom fields a charge takes. On the virtual terminal (unsigned params the browser could make
// up) only the stored terminal's fields count, each as the user's role decides: required,
// optional, or hidden and never recorded. A payment link takes the fields it signed, which its payer
// was shown.
async function customFieldsOfCharge(
  tx: Executor,
  caller: PaymentFrameCaller,
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
