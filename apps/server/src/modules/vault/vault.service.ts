import { Permission, type PermissionName } from '@portico/contracts/access/permission-names';
import { normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import { userTypes } from '@portico/contracts/auth/roles';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import {
  displayedVaultToken,
  type PayeeSearchQuery,
  type PayeeSearchResult,
  payeeSearchQuery,
  type VaultAddress,
  type VaultCustomer,
  type VaultCustomerPatchBody,
  type VaultCustomerWithMethods,
  VaultErrorCode,
  type VaultPaymentMethod,
  VaultText,
  vaultCustomerEditProblem,
  vaultSearchLimit,
  type Whoami,
  withoutDuplicateSavedMethods,
} from '@portico/contracts/vault/vault';
import type { VaultExportRow } from '@portico/contracts/vault/vault-export-columns';
import { z } from 'zod';
import { type AttemptActor, auditActorOf, auditActorOfAttempt } from '../../access/audit-actor';
import type { MerchantAccessContext } from '../../access/caller';
import {
  canReachEveryMerchant,
  decideMerchantAccess,
  decideMerchantAccessFromFacts,
  isWithinViewedClient,
} from '../../access/merchant-scope';
import { findMerchantAccessFacts } from '../../access/merchant-scope.repository';
import type { PrefetchedRead, SessionContext } from '../../access/request-session';
import type { SessionPrefetch } from '../../access/request-session.repository';
import type { Db, Executor, Tx } from '../../db/client';
import type { vaultCustomers } from '../../db/schema/vault';
import { isRow } from '../../db/sql-rows';
import { AppError, defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import {
  countVaultMatches,
  findUserProfile,
  findVaultCustomer,
  findVaultCustomerByEmail,
  findVaultMerchant,
  insertVaultCustomer,
  listVaultMethods,
  lockVaultCustomer,
  prefetchedVaultSearch,
  saveVaultMethod,
  searchVaultCustomers,
  updateVaultCustomer,
  type VaultCustomerFields,
  type VaultCustomerRow,
  type VaultMatchesInput,
  type VaultMatchesPageEnd,
  type VaultMethodRow,
  type VaultSearchInput,
  type VaultSearchTerms,
  vaultMatchesPage,
  vaultSearchPrefetch,
} from './vault.repository';
import {
  hasPatientRecord,
  openPatientFields,
  type PatientCrypto,
  type PatientFields,
  sealPatientFields,
} from './vault-patient-fields';

export const VaultError = defineErrors({
  CustomerNotFound: [VaultErrorCode.CustomerNotFound, 'not_found'],
  NameRequired: [VaultErrorCode.NameRequired, 'validation'],
  EmailInvalid: [VaultErrorCode.EmailInvalid, 'validation'],
  MerchantRequired: [VaultErrorCode.MerchantRequired, 'business_rule'],
  NoCustomerData: [VaultErrorCode.NoCustomerData, 'validation'],
});

export type VaultDeps = { db: Db; patientCrypto: PatientCrypto; now: () => Date };
export type VaultCaller = {
  session: SessionContext;
  origin: { ip: string | null; userAgent: string | null };
  // The access layer's decision on the merchant the request names, when its route rule names one.
  merchantAccess?: MerchantAccessContext | null;
  // The caller's default merchant as read with the session, when it was (a call naming none).
  defaultClientId?: string | null;
};

function forbidden(): AppError {
  return new AppError(CommonErrorCode.Forbidden, 'forbidden', 'You do not have permission to do this');
}

// What the caller may do in one merchant's vault. Patient fields are for users of
// that merchant itself holding Vault: staff, parents above it, view-as and mimic sessions see them
// hidden.
type VaultReach = { clientId: string; canSeePatients: boolean; permissions: readonly PermissionName[] };

// The caller's side of the patient rule; the merchant's side (it keeps patient information, the
// caller is a member of it itself) is read with the merchant, or checked in the search statement.
// A mimic session is never the merchant's own user acting for themselves: patient fields stay hidden.
function isCallerForPatients(session: SessionContext, permissions: readonly PermissionName[]): boolean {
  return (
    !canReachEveryMerchant(session.role) &&
    session.viewAsClientId === null &&
    session.mimickedByUserId === null &&
    permissions.includes(Permission.Vault)
  );
}

type ReachOptions = {
  // false: the merchant keeps no patient information, so there is nothing to decide about it.
  mayHavePatients?: boolean;
  // Whether the caller holds a membership on the merchant itself, when already read.
  isMember?: boolean;
  // grantedPermissionsOn's answer, when already asked.
  granted?: readonly PermissionName[] | null;
};

// What the caller is granted on the merchant; null: not within reach (or no such merchant).
async function grantedPermissionsOn(
  db: Executor,
  caller: VaultCaller,
  clientId: string,
): Promise<readonly PermissionName[] | null> {
  const { session } = caller;
  // The access layer already decided on this merchant for this request (the route's merchant
  // selector, the view-as bound included): trusted, not asked again.
  const decided = caller.merchantAccess?.merchantId === clientId ? caller.merchantAccess : null;
  if (decided) return decided.merchantExists ? decided.effectivePermissions : null;
  if (
    session.viewAsClientId !== null &&
    !(await isWithinViewedClient(db, session.viewAsClientId, clientId))
  ) {
    return null;
  }
  const access = await decideMerchantAccess(db, session, clientId, undefined);
  return access.isAllowed && access.merchantExists ? access.effectivePermissions : null;
}

async function reachVault(
  db: Executor,
  caller: VaultCaller,
  clientId: string,
  permissions: readonly PermissionName[],
  options: ReachOptions = {},
): Promise<VaultReach | null> {
  const { session } = caller;
  const effectivePermissions =
    options.granted !== undefined ? options.granted : await grantedPermissionsOn(db, caller, clientId);
  if (effectivePermissions === null) return null;
  if (!permissions.some((permission) => effectivePermissions.includes(permission))) {
    throw forbidden();
  }
  const mayHoldPatients =
    (options.mayHavePatients ?? true) && isCallerForPatients(session, effectivePermissions);
  // The membership's own merchant decides; asked only when the rest already allows it.
  const isMemberOfMerchant =
    mayHoldPatients &&
    (options.isMember ??
      (await findMerchantAccessFacts(db, session.userId, clientId)).membershipClientId === clientId);
  return { clientId, canSeePatients: isMemberOfMerchant, permissions: effectivePermissions };
}

// A customer of a merchant the caller reaches; any other id is simply not found (no hint that it
// exists elsewhere).
async function reachCustomer(
  db: Executor,
  caller: VaultCaller,
  row: VaultCustomerRow | undefined,
  permissions: readonly PermissionName[],
): Promise<{ row: VaultCustomerRow; reach: VaultReach }> {
  if (!row) throw VaultError.CustomerNotFound(VaultText.CustomerNotFound);
  const reach = await reachVault(db, caller, row.clientId, permissions);
  if (reach === null) throw VaultError.CustomerNotFound(VaultText.CustomerNotFound);
  return { row, reach };
}

function billingAddressOf(row: VaultCustomerFields): VaultAddress {
  return {
    region: row.billingRegion,
    locality: row.billingLocality,
    address_line_1: row.billingAddressLine1,
    address_line_2: row.billingAddressLine2,
    country: row.billingCountry,
    postal_code: row.billingPostalCode,
  };
}

function methodView(method: VaultMethodRow, customer: VaultCustomerFields): VaultPaymentMethod {
  return {
    id: method.id,
    token: displayedVaultToken(method.token),
    issuer: method.issuer,
    last4: method.last4,
    exp_month: method.expMonth,
    exp_year: method.expYear,
    created_at: method.createdAt.toISOString(),
    billing_address: billingAddressOf(customer),
  };
}

// A customer as the answers show it. The search's customers are written by the database instead
// (vault.repository.ts customerJson); its API test holds the two to the same answer.
export function customerView(
  row: VaultCustomerFields,
  merchantName: string,
  methods: readonly VaultMethodRow[],
  patient: { number: string | null; firstName: string | null; lastName: string | null } | null,
): VaultCustomer {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    merchant_name: merchantName,
    client: { id: row.clientId },
    has_customer: true,
    patient_number: patient?.number ?? null,
    patient_first_name: patient?.firstName ?? null,
    patient_last_name: patient?.lastName ?? null,
    patient_fields_hidden: patient === null && hasPatientRecord(row),
    external_id: row.externalId,
    billing_region: row.billingRegion,
    billing_locality: row.billingLocality,
    billing_address_line_1: row.billingAddressLine1,
    billing_address_line_2: row.billingAddressLine2,
    billing_country: row.billingCountry,
    billing_postal_code: row.billingPostalCode,
    shipping_region: row.shippingRegion,
    shipping_locality: row.shippingLocality,
    shipping_address_line_1: row.shippingAddressLine1,
    shipping_address_line_2: row.shippingAddressLine2,
    shipping_country: row.shippingCountry,
    shipping_postal_code: row.shippingPostalCode,
    payment_request_meta: row.paymentRequestMeta,
    payment_methods: withoutDuplicateSavedMethods(methods).map((method) => methodView(method, row)),
  };
}

// The patient records shown in one call, audited as one entry naming each (none shown: no entry).
async function auditPatientRead(
  executor: Executor,
  caller: VaultCaller,
  reach: VaultReach,
  customerIds: readonly string[],
): Promise<void> {
  if (customerIds.length === 0) return;
  await recordAudit(executor, {
    action: 'vault.patient_read',
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: 'vault_customer',
    targetId: customerIds.length === 1 ? (customerIds[0] ?? null) : null,
    clientId: reach.clientId,
    details: { customer_ids: [...customerIds] },
  });
}

// Customers with their (de-duplicated) methods; patient fields opened when the caller may see them,
// and that read audited in the same call (one entry naming every patient record shown).
async function customerViews(
  deps: VaultDeps,
  executor: Executor,
  caller: VaultCaller,
  reach: VaultReach,
  merchantName: string,
  rows: readonly VaultCustomerFields[],
): Promise<VaultCustomer[]> {
  const methods = await listVaultMethods(
    executor,
    rows.map((row) => row.id),
  );
  const methodsByCustomer = new Map<string, VaultMethodRow[]>();
  for (const method of methods) {
    const list = methodsByCustomer.get(method.customerId);
    if (list) list.push(method);
    else methodsByCustomer.set(method.customerId, [method]);
  }
  await auditPatientRead(
    executor,
    caller,
    reach,
    reach.canSeePatients ? rows.filter(hasPatientRecord).map((row) => row.id) : [],
  );
  return rows.map((row) => {
    const opened =
      reach.canSeePatients && hasPatientRecord(row) ? openPatientFields(deps.patientCrypto, row) : null;
    return customerView(
      row,
      merchantName,
      methodsByCustomer.get(row.id) ?? [],
      opened === null
        ? null
        : {
            number: opened.patientNumber,
            firstName: opened.patientFirstName,
            lastName: opened.patientLastName,
          },
    );
  });
}

// ---- GET api/payee/all --------------------------------------------------------------------------

// The search terms of the query; null when it gives no text (the merchant's customers by last
// name). The patient number is matched only for a caller who may see patient fields (otherwise a
// match would tell them a number exists): the caller's side here, the merchant's side in the
// statement (searchVaultCustomers). A query whose only text is a patient number from a caller who
// may not match it keeps its terms, all empty: it finds nothing, not the whole vault.
export function vaultSearchTermsOf(
  query: PayeeSearchQuery,
  mayMatchPatientNumber: boolean,
  crypto: PatientCrypto,
): VaultSearchTerms | null {
  const text = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  const given = [query.external_id, query.first_name, query.last_name, query.email, query.patient_number];
  if (given.every((value) => text(value) === undefined)) return null;
  const patientNumber = text(query.patient_number);
  return {
    firstNamePrefix: text(query.first_name),
    lastNamePrefix: text(query.last_name),
    emailPrefix: text(query.email),
    externalId: text(query.external_id),
    patientNumberHash:
      patientNumber !== undefined && mayMatchPatientNumber
        ? crypto.hashPatientNumber(patientNumber)
        : undefined,
  };
}

function noAccessToMerchant(): AppError {
  return new AppError(CommonErrorCode.Forbidden, 'forbidden', 'You do not have access to this merchant');
}

const everyMerchantRoles = userTypes.filter(canReachEveryMerchant);

// For speed, the search the route sends with the session statement, from the query as it
// arrived (checked with the route's own schema; anything else: no prefetch). A guess, made before
// the session is known: searchVault uses its rows only when they answer exactly its own search.
export function vaultSearchPrefetchOf(rawQuery: unknown, crypto: PatientCrypto): SessionPrefetch | null {
  const parsed = payeeSearchQuery.safeParse(rawQuery);
  if (!parsed.success) return null;
  return vaultSearchPrefetch(
    { namedClientId: parsed.data.clientid ?? null, terms: vaultSearchTermsOf(parsed.data, true, crypto) },
    everyMerchantRoles,
    vaultSearchLimit + 1,
  );
}

// A search's answer with each customer as its JSON text (a VaultCustomer), one a line (a JSON text
// as the statement and JSON.stringify write it holds no line break).
export type PayeeSearchParts = Omit<PayeeSearchResult, 'customers'> & { customers: string };

// The response of a search (payeeSearchResponse) as bytes: the customers' texts encoded once, into
// place, each line break turned into the comma between two of them (in UTF-8 the byte 0x0A is only
// ever a line break), not parsed, joined or serialised again.
export function payeeSearchResponseBytes(parts: PayeeSearchParts): Buffer {
  const head = '{"status":true,"message":{"customers":[';
  const tail = `],"client":${JSON.stringify(parts.client)},"is_truncated":${parts.is_truncated}}}`;
  const bytes = Buffer.allocUnsafe(
    Buffer.byteLength(head) + Buffer.byteLength(parts.customers) + Buffer.byteLength(tail),
  );
  const start = bytes.write(head);
  const end = start + bytes.write(parts.customers, start);
  const customers = bytes.subarray(start, end);
  for (let at = customers.indexOf(0x0a); at !== -1; at = customers.indexOf(0x0a, at + 1)) {
    customers[at] = 0x2c;
  }
  bytes.write(tail, end);
  return bytes;
}

// The first count lines of a text (all of it when it has fewer).
function firstLines(text: string, count: number): string {
  let end = -1;
  for (let line = 0; line < count; line++) {
    end = text.indexOf('\n', end + 1);
    if (end === -1) return text;
  }
  return text.slice(0, end);
}

// A found customer's text with its patient fields opened (the database wrote them null and hidden);
// the keys keep their order.
function withPatientFields(json: string, patient: PatientFields): string {
  const customer: unknown = JSON.parse(json);
  if (!isRow(customer)) throw new Error('The vault search answered a customer that is not an object');
  customer.patient_number = patient.patientNumber;
  customer.patient_first_name = patient.patientFirstName;
  customer.patient_last_name = patient.patientLastName;
  customer.patient_fields_hidden = false;
  return JSON.stringify(customer);
}

export async function searchVault(
  deps: VaultDeps,
  caller: VaultCaller,
  query: PayeeSearchQuery,
  // The route's search read with the session (vaultSearchPrefetchOf), when it was.
  prefetched: PrefetchedRead | null = null,
): Promise<PayeeSearchParts> {
  const { session } = caller;
  const named = query.clientid ?? session.viewAsClientId;
  // The access layer's decision on the merchant the request names (its merchant selector, the
  // view-as bound included), when it made one.
  const decided =
    named !== null && caller.merchantAccess?.merchantId === named && caller.merchantAccess.merchantExists
      ? caller.merchantAccess
      : null;
  // The merchant named, else the viewed one, else the caller's default (read with the session).
  const clientId =
    named ??
    (caller.defaultClientId !== undefined
      ? caller.defaultClientId
      : ((await findUserProfile(deps.db, session.userId))?.defaultClientId ?? null));
  if (clientId === null) throw VaultError.MerchantRequired(VaultText.MerchantRequired);
  if (
    decided === null &&
    session.viewAsClientId !== null &&
    clientId !== session.viewAsClientId &&
    !(await isWithinViewedClient(deps.db, session.viewAsClientId, clientId))
  ) {
    throw noAccessToMerchant();
  }
  // The caller's side of the patient rule before the decision: the Vault permission it also needs
  // is checked below, and without it nothing found is shown.
  const mayMatchPatientNumber = isCallerForPatients(
    session,
    decided?.effectivePermissions ?? [Permission.Vault],
  );
  // For speed, the merchant, the decision's facts when the access layer made none, and the
  // search go out as one statement, or came with the session when that read is exactly this one.
  const input: VaultSearchInput = {
    clientId,
    userId: session.userId,
    undecided: decided === null ? { reachesEveryMerchant: canReachEveryMerchant(session.role) } : null,
    terms: vaultSearchTermsOf(query, mayMatchPatientNumber, deps.patientCrypto),
  };
  const limit = vaultSearchLimit + 1;
  const usable = prefetchedVaultSearch(
    prefetched,
    input,
    {
      termsAsGiven:
        prefetched === null
          ? null
          : mayMatchPatientNumber
            ? input.terms
            : vaultSearchTermsOf(query, true, deps.patientCrypto),
      mayMatchPatientNumber,
    },
    limit,
  );
  const found = usable ? usable.answer : await searchVaultCustomers(deps.db, input, limit);
  if (!found) throw noAccessToMerchant();
  let granted: readonly PermissionName[] | null = decided?.effectivePermissions ?? null;
  if (found.facts !== null) {
    const access = await decideMerchantAccessFromFacts(deps.db, session, clientId, found.facts, undefined);
    granted = access.isAllowed && access.merchantExists ? access.effectivePermissions : null;
  }
  const { merchant, customers, customerCount, patients } = found;
  const reach = await reachVault(deps.db, caller, clientId, [Permission.Vault], {
    mayHavePatients: merchant.hasPatientInformationInVault,
    isMember: merchant.isMember,
    granted,
  });
  if (reach === null) throw noAccessToMerchant();
  // For speed, the database wrote each customer's text; only those whose patient fields the
  // caller sees are opened here (and that read audited, as customerViews does).
  const opened = reach.canSeePatients
    ? patients.filter((patient) => patient.index < vaultSearchLimit && hasPatientRecord(patient.sealed))
    : [];
  await auditPatientRead(
    deps.db,
    caller,
    reach,
    opened.map((patient) => patient.id),
  );
  let shown = firstLines(customers, vaultSearchLimit);
  if (opened.length > 0) {
    const lines = shown.split('\n');
    for (const patient of opened) {
      const text = lines[patient.index];
      if (text === undefined) throw new Error('A patient record outside the answer');
      lines[patient.index] = withPatientFields(text, openPatientFields(deps.patientCrypto, patient.sealed));
    }
    shown = lines.join('\n');
  }
  return {
    customers: shown,
    client: {
      id: merchant.id,
      name: merchant.name,
      has_patient_information_in_vault: merchant.hasPatientInformationInVault,
      public_key: reach.permissions.includes(Permission.VirtualTerminal) ? merchant.publicKey : null,
    },
    is_truncated: customerCount > vaultSearchLimit,
  };
}

// ---- GET /api/v1/vault/{customerId} -------------------------------------------------------------

// The virtual terminal reads a customer with Virtual Terminal; the vault page with Vault.
export async function vaultCustomerForTerminal(
  deps: VaultDeps,
  caller: VaultCaller,
  customerId: string,
): Promise<VaultCustomerWithMethods> {
  const { row, reach } = await reachCustomer(deps.db, caller, await findVaultCustomer(deps.db, customerId), [
    Permission.Vault,
    Permission.VirtualTerminal,
  ]);
  const merchant = await findVaultMerchant(deps.db, row.clientId);
  const [view] = await customerViews(deps, deps.db, caller, reach, merchant?.name ?? '', [row]);
  if (!view) throw VaultError.CustomerNotFound(VaultText.CustomerNotFound);
  return { ...view, methods: view.payment_methods };
}

// ---- PATCH /api/v1/vault/{id} -------------------------------------------------------------------

const plainFields = [
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['phone_number', 'phoneNumber'],
  ['external_id', 'externalId'],
  ['billing_region', 'billingRegion'],
  ['billing_locality', 'billingLocality'],
  ['billing_address_line_1', 'billingAddressLine1'],
  ['billing_address_line_2', 'billingAddressLine2'],
  ['billing_country', 'billingCountry'],
  ['billing_postal_code', 'billingPostalCode'],
  ['shipping_region', 'shippingRegion'],
  ['shipping_locality', 'shippingLocality'],
  ['shipping_address_line_1', 'shippingAddressLine1'],
  ['shipping_address_line_2', 'shippingAddressLine2'],
  ['shipping_country', 'shippingCountry'],
  ['shipping_postal_code', 'shippingPostalCode'],
] as const satisfies readonly (readonly [
  keyof VaultCustomerPatchBody,
  keyof typeof vaultCustomers.$inferInsert,
])[];

const patientKeys = ['patient_number', 'patient_first_name', 'patient_last_name'] as const;

export async function editVaultCustomer(
  deps: VaultDeps,
  caller: VaultCaller,
  customerId: string,
  body: VaultCustomerPatchBody,
): Promise<VaultCustomer> {
  const given = Object.keys(body).filter((key) =>
    Object.entries(body).some(([k, v]) => k === key && v !== undefined),
  );
  if (given.length === 0) throw VaultError.NoCustomerData(VaultText.NoCustomerData);
  const problem = vaultCustomerEditProblem(body);
  if (problem === VaultText.NameRequired) throw VaultError.NameRequired(problem);
  if (problem !== null) throw VaultError.EmailInvalid(problem);

  return deps.db.transaction(async (tx) => {
    const { row, reach } = await reachCustomer(tx, caller, await lockVaultCustomer(tx, customerId), [
      Permission.Vault,
    ]);
    const touchesPatient = patientKeys.some((key) => body[key] !== undefined);
    // Patient fields are written only by those who may read them.
    if (touchesPatient && !reach.canSeePatients) throw forbidden();

    const values: Partial<typeof vaultCustomers.$inferInsert> = {};
    for (const [bodyKey, column] of plainFields) {
      const value = body[bodyKey];
      if (value !== undefined) values[column] = value === null ? null : value.trim() || null;
    }
    if (body.email !== undefined) {
      const email = body.email?.trim() ?? '';
      values.email = email === '' ? null : normalizeEmailAddress(email);
    }
    Object.assign(
      values,
      sealPatientFields(deps.patientCrypto, {
        patientNumber: body.patient_number,
        patientFirstName: body.patient_first_name,
        patientLastName: body.patient_last_name,
      }),
    );
    const updated = await updateVaultCustomer(tx, row.id, values, deps.now());
    await recordAudit(tx, {
      action: 'vault.customer_update',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'vault_customer',
      targetId: row.id,
      clientId: row.clientId,
      // Which fields changed, never their values (patient data stays out of the trail).
      details: { fields: given },
    });
    const merchant = await findVaultMerchant(tx, row.clientId);
    const [view] = await customerViews(deps, tx, caller, reach, merchant?.name ?? '', [updated]);
    if (!view) throw VaultError.CustomerNotFound(VaultText.CustomerNotFound);
    return view;
  });
}

// ---- GET /api/whoami ----------------------------------------------------------------------------

function firstWordOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

export async function whoami(db: Db, session: SessionContext, clientId: string | undefined): Promise<Whoami> {
  const profile = await findUserProfile(db, session.userId);
  if (!profile) throw new AppError(CommonErrorCode.Unauthenticated, 'unauthenticated', 'Sign in to continue');
  const merchantId = clientId ?? session.viewAsClientId ?? profile.defaultClientId;
  let merchant: Whoami['merchant'] = null;
  if (merchantId !== null) {
    const allowed =
      session.viewAsClientId === null || (await isWithinViewedClient(db, session.viewAsClientId, merchantId));
    const access = allowed ? await decideMerchantAccess(db, session, merchantId, undefined) : null;
    const found = await findVaultMerchant(db, merchantId);
    if (access?.isAllowed && found) {
      const facts = await findMerchantAccessFacts(db, session.userId, merchantId);
      merchant = {
        id: found.id,
        name: found.name,
        permissions_configured: facts.rbacEnabled,
        granted_permissions: access.effectivePermissions.map((name) => ({ name })),
        has_patient_information_in_vault: found.hasPatientInformationInVault,
      };
    } else if (clientId !== undefined) {
      throw new AppError(CommonErrorCode.Forbidden, 'forbidden', 'You do not have access to this merchant');
    }
  }
  return {
    id: profile.id,
    name: profile.name,
    first_name: firstWordOf(profile.name),
    email: profile.email,
    user_type: profile.userType,
    role: session.role,
    merchant,
  };
}

// A payer's card saved from a payment link (savePaymentToken): the processor's display token only,
// never a card number or CVV, as a method of the merchant's customer with the payer's e-mail (made
// when new). De-duplicated like every vault method. null when the token is not a card's.
const cardDisplayToken = /^(VISA|MC|DISC|AMEX)-(\d{4})-(\d{2})-(\d{4})$/;
export async function saveCardForPayer(
  tx: Tx,
  payer: {
    clientId: string;
    displayToken: string;
    customerId: string | null;
    firstName: string | null;
    lastName: string | null;
    email: string;
  },
): Promise<{ customerId: string; paymentMethodId: string } | null> {
  const card = cardDisplayToken.exec(payer.displayToken);
  if (!card) return null;
  const [, issuer, last4 = '', month, year] = card;
  const email = payer.email.toLowerCase();
  const customerId =
    payer.customerId ??
    (await findVaultCustomerByEmail(tx, payer.clientId, email)) ??
    (await insertVaultCustomer(tx, {
      clientId: payer.clientId,
      firstName: payer.firstName,
      lastName: payer.lastName,
      email,
    }));
  const paymentMethodId = await saveVaultMethod(tx, {
    customerId,
    token: payer.displayToken,
    issuer: cardIssuers.parse(issuer),
    last4,
    expMonth: Number(month),
    expYear: Number(year),
  });
  return { customerId, paymentMethodId };
}
const cardIssuers = z.enum(['VISA', 'MC', 'DISC', 'AMEX']);

// ---- The vault's server export (exports/grids/vault.ts) -------------------------------------------

// The vault a caller may export, resolved as the search resolves it: the merchant named, else the
// viewed one, else the caller's default; Vault on it; the table's layout and whether the caller sees
// patient fields there.
export type VaultExportReach = { clientId: string; hasPatientLayout: boolean; canSeePatients: boolean };

// Throws the search's own refusal (403, or 422 without a merchant).
export async function reachVaultForExport(
  db: Executor,
  caller: VaultCaller,
  merchantId: string | undefined,
): Promise<VaultExportReach> {
  const clientId =
    merchantId ??
    caller.session.viewAsClientId ??
    (await findUserProfile(db, caller.session.userId))?.defaultClientId ??
    null;
  if (clientId === null) throw VaultError.MerchantRequired(VaultText.MerchantRequired);
  const merchant = await findVaultMerchant(db, clientId);
  if (!merchant) throw noAccessToMerchant();
  const reach = await reachVault(db, caller, clientId, [Permission.Vault], {
    mayHavePatients: merchant.hasPatientInformationInVault,
  });
  if (reach === null) throw noAccessToMerchant();
  return {
    clientId,
    hasPatientLayout: merchant.hasPatientInformationInVault,
    canSeePatients: reach.canSeePatients,
  };
}

// At download: the caller still holds Vault on the merchant, and still sees patient fields when the
// file holds them.
export async function stillReachesVaultExport(
  db: Executor,
  caller: VaultCaller,
  exported: Pick<VaultExportReach, 'clientId' | 'canSeePatients'>,
): Promise<boolean> {
  const granted = await grantedPermissionsOn(db, caller, exported.clientId);
  if (granted === null || !granted.includes(Permission.Vault)) return false;
  if (!exported.canSeePatients) return true;
  const merchant = await findVaultMerchant(db, exported.clientId);
  const reach = await reachVault(db, caller, exported.clientId, [Permission.Vault], {
    mayHavePatients: merchant?.hasPatientInformationInVault ?? false,
    granted,
  });
  return reach?.canSeePatients === true;
}

// What the export keeps of a request: the reach, the page's search as asked, and who asked (the
// patient reads of the job are audited in their name).
export type VaultExportScope = Pick<VaultExportReach, 'clientId' | 'canSeePatients'> & {
  query: Omit<PayeeSearchQuery, 'clientid'>;
  actor: AttemptActor;
};

// One page of every customer the page's search matches, in its order, as the table shows them:
// patient fields opened only for a caller who sees them, that read audited as the search audits it.
export async function vaultExportPage(
  deps: Pick<VaultDeps, 'db' | 'patientCrypto'>,
  scope: VaultExportScope,
  limit: number,
  after: VaultMatchesPageEnd | undefined,
): Promise<{ rows: VaultExportRow[]; end: VaultMatchesPageEnd | undefined }> {
  const page = await vaultMatchesPage(deps.db, vaultMatchesInputOf(deps, scope), limit, after);
  const opened = scope.canSeePatients ? page.rows.filter(hasPatientRecord) : [];
  if (opened.length > 0) {
    await recordAudit(deps.db, {
      action: 'vault.patient_read',
      outcome: 'success',
      ...auditActorOfAttempt(scope.actor),
      targetType: 'vault_customer',
      targetId: null,
      clientId: scope.clientId,
      details: { customer_ids: opened.map((row) => row.id), via: 'export' },
    });
  }
  const rows = page.rows.map((row): VaultExportRow => {
    const patient =
      scope.canSeePatients && hasPatientRecord(row) ? openPatientFields(deps.patientCrypto, row) : null;
    return {
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      phone_number: row.phoneNumber,
      external_id: row.externalId,
      patient_number: patient?.patientNumber ?? null,
      patient_first_name: patient?.patientFirstName ?? null,
      patient_last_name: patient?.patientLastName ?? null,
      patient_fields_hidden: patient === null && hasPatientRecord(row),
      method_count: row.methodCount,
    };
  });
  return { rows, end: page.end };
}

export async function countVaultExportRows(
  deps: Pick<VaultDeps, 'db' | 'patientCrypto'>,
  scope: VaultExportScope,
): Promise<number> {
  return countVaultMatches(deps.db, vaultMatchesInputOf(deps, scope));
}

// The search's terms as the page's call makes them: the patient number matched only for a caller
// who sees patient fields (the statement's merchant side of that rule is in canSeePatients).
function vaultMatchesInputOf(
  deps: Pick<VaultDeps, 'patientCrypto'>,
  scope: VaultExportScope,
): VaultMatchesInput {
  return {
    clientId: scope.clientId,
    terms: vaultSearchTermsOf(scope.query, scope.canSeePatients, deps.patientCrypto),
  };
}
