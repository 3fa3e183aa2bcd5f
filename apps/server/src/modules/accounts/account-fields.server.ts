import type { AccountFieldValue } from '@portico/contracts/clients/account-detail';
import {
  type AccountFieldName,
  type AccountPrincipalField,
  type AccountPrincipalPrefix,
  accountFieldDefinitions,
  accountFieldNames,
  accountPrincipalPrefixes,
  maskedSecret,
} from '@portico/contracts/clients/account-fields';
import {
  maskedAccountNumber,
  maskedDateOfBirth,
  maskedRoutingNumber,
  maskedSsn,
  maskedTaxId,
  welcomeEmailModes,
} from '@portico/contracts/enrollment/enrollment-record';
import { formatCentsAsDecimal, parseDecimalToCents } from '@portico/contracts/money/money';
import type {
  ChildDefaults,
  Client,
  ClientConfig,
  ClientKeystore,
  ClientPricing,
} from '../../db/schema/clients';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { AccountRow } from './accounts.repository';

// Where each plain field of the account lives. Sensitive fields (tax id, SSNs, dates of birth, bank
// numbers) and the receipt template are handled on their own below.
export const clientColumnOf = {
  name: 'name',
  legal_name: 'legalName',
  dba_name: 'dbaName',
  level: 'level',
  start_date: 'startDate',
  ownership_type: 'ownershipType',
  business_type: 'businessType',
  mcc_code: 'mccCode',
  billing_descriptor: 'billingDescriptor',
  website: 'website',
  address_line_1: 'addressLine1',
  address_line_2: 'addressLine2',
  locality: 'locality',
  region: 'region',
  postal_code: 'postalCode',
  email: 'email',
  phone: 'phone',
  business_address_1: 'businessAddress1',
  business_address_2: 'businessAddress2',
  business_locality: 'businessLocality',
  business_region: 'businessRegion',
  business_postal_code: 'businessPostalCode',
  business_phone_number: 'businessPhoneNumber',
  business_description: 'businessDescription',
  is_monthly_billing_enabled: 'isMonthlyBillingEnabled',
} as const satisfies Partial<Record<AccountFieldName, keyof Client>>;

export const configColumnOf = {
  payment: 'payment',
  ach: 'ach',
  crypto: 'crypto',
  terminals: 'terminals',
  payout: 'payout',
  pause_settlement: 'pauseSettlement',
  high_ticket: 'highTicketCents',
  avg_ticket: 'avgTicketCents',
  monthly_volume: 'monthlyVolumeCents',
  monthly_high_volume: 'monthlyHighVolumeCents',
  timing: 'riskTimingMinutes',
  devices: 'riskDevices',
  velocity: 'riskVelocity',
  ccs: 'riskCcs',
  transactions: 'riskTransactions',
  onboard: 'onboard',
  enroll_email: 'enrollEmail',
  w_enroll_message: 'wEnrollMessage',
  rev_share_percentage: 'revSharePercentage',
  rev_share_formula: 'revShareFormula',
  meta_field_search: 'metaFieldSearch',
  meta_field_search_term: 'metaFieldSearchTerm',
  level_three_data_enabled: 'levelThreeDataEnabled',
  check_emaf: 'checkEmaf',
} as const satisfies Partial<Record<AccountFieldName, keyof ClientConfig>>;

// The parent's sub-merchant defaults, keys of client_configs.child_defaults.
export const childDefaultOf = {
  child_payment: 'payment',
  child_ach: 'ach',
  child_terminals: 'terminals',
  child_card_rate: 'card_rate',
  child_ach_rate: 'ach_rate',
  child_crypto_rate: 'crypto_rate',
  child_onboard: 'onboard',
  child_rev_share: 'rev_share',
  child_avg_ticket: 'avg_ticket_cents',
  child_high_ticket: 'high_ticket_cents',
  child_monthly_volume: 'monthly_volume_cents',
  child_monthly_high_volume: 'monthly_high_volume_cents',
  child_enroll_email: 'enroll_email',
  child_pause_settlement: 'pause_settlement',
} as const satisfies Partial<Record<AccountFieldName, keyof ChildDefaults>>;

// An unset switch hands down the account's own default (off), so the page shows it as off.
const childSwitchDefaults: Partial<Record<keyof ChildDefaults, boolean>> = {
  onboard: false,
  pause_settlement: false,
};

function childDefaultShown(defaults: ChildDefaults | undefined, key: keyof ChildDefaults): unknown {
  return defaults?.[key] ?? childSwitchDefaults[key] ?? null;
}

// The parent's defaults with one of them set to a stored value (or removed for none), each key
// keeping the type the approval reads.
export function withChildDefault(
  defaults: ChildDefaults,
  key: keyof ChildDefaults,
  stored: unknown,
): ChildDefaults {
  const next: ChildDefaults = { ...defaults };
  delete next[key];
  switch (key) {
    case 'onboard':
    case 'pause_settlement':
      if (typeof stored === 'boolean') next[key] = stored;
      break;
    case 'rev_share':
    case 'avg_ticket_cents':
    case 'high_ticket_cents':
    case 'monthly_volume_cents':
    case 'monthly_high_volume_cents':
      if (typeof stored === 'number' && Number.isSafeInteger(stored)) next[key] = stored;
      break;
    case 'enroll_email': {
      const mode = welcomeEmailModes.find((candidate) => candidate === stored);
      if (mode !== undefined) next[key] = mode;
      break;
    }
    case 'payment':
    case 'ach':
    case 'terminals':
    case 'card_rate':
    case 'ach_rate':
    case 'crypto_rate':
      if (typeof stored === 'string') next[key] = stored;
      break;
  }
  return next;
}

export const pricingColumnOf = {
  card_rate: 'cardRate',
  card_p2c: 'cardP2c',
  ach_rate: 'achRate',
  ach_p2c: 'achP2c',
  crypto_rate: 'cryptoRate',
  crypto_p2c: 'cryptoP2c',
  low_rate: 'lowRate',
  etf: 'etfCents',
  reg_fee: 'regFeeCents',
  pci_fee: 'pciFeeCents',
  generic_pci_fee: 'genericPciFeeCents',
  monthly_fee: 'monthlyFeeCents',
  monthly_min: 'monthlyMinCents',
  annual_fee: 'annualFeeCents',
  chargeback_fee: 'chargebackFeeCents',
  retrieval_fee: 'retrievalFeeCents',
  ach_noc: 'achNocCents',
  ach_return: 'achReturnCents',
  tin_mismatch: 'tinMismatchCents',
  tax_rate: 'taxRate',
  rev_share: 'revShare',
  qualified_rate: 'qualifiedRateBps',
  amex_qualified_rate: 'amexQualifiedRateBps',
  debit_qualified_rate: 'debitQualifiedRateBps',
  qualified_transaction_fee: 'qualifiedTransactionFeeCents',
  amex_qualified_transaction_fee: 'amexQualifiedTransactionFeeCents',
  debit_qualified_transaction_fee: 'debitQualifiedTransactionFeeCents',
  interchange_dues_assessments_basis_point: 'interchangeDuesAssessmentsBps',
  amex_interchange_dues_assessments_basis_point: 'amexInterchangeDuesAssessmentsBps',
  debit_interchange_dues_assessments_basis_point: 'debitInterchangeDuesAssessmentsBps',
  qualified_check_card_rate: 'qualifiedCheckCardRateBps',
  qualified_check_card_transaction_fee: 'qualifiedCheckCardTransactionFeeCents',
  interchange_transaction_passthrough_credit_fee: 'interchangeTransactionPassthroughCreditFeeCents',
  interchange_transaction_passthrough_check_card_fee: 'interchangeTransactionPassthroughCheckCardFeeCents',
  debit_gateway_fee: 'debitGatewayFeeCents',
  debit_transaction_fee: 'debitTransactionFeeCents',
  monthly_basic_service_fee: 'monthlyBasicServiceFeeCents',
  monthly_minimum_discount_fee: 'monthlyMinimumDiscountFeeCents',
  return_item_support_fee: 'returnItemSupportFeeCents',
} as const satisfies Partial<Record<AccountFieldName, keyof ClientPricing>>;

// The plain processor identifiers; the two secret ones are sealed (sensitiveTargetOf).
export const keystoreColumnOf = {
  propay_mid: 'propayMid',
  heartland_public_key: 'heartlandPublicKey',
  epx_merchant_identifier: 'epxMerchantIdentifier',
  m_mid: 'mMid',
  m_pid: 'mPid',
  b_mid: 'bMid',
  curpay_id: 'curpayId',
  forum_pay_identifier: 'forumPayIdentifier',
} as const satisfies Partial<Record<AccountFieldName, keyof ClientKeystore>>;

export const principalColumnOf = {
  first_name: 'firstName',
  last_name: 'lastName',
  title: 'title',
  ownership_percent: 'ownershipPercent',
  phone_number: 'phoneNumber',
  address_line_1: 'addressLine1',
  address_line_2: 'addressLine2',
  city: 'city',
  state_province: 'stateProvince',
  postal_code: 'postalCode',
} as const satisfies Partial<Record<AccountPrincipalField, string>>;

// Columns that may not be blank: blank keeps the stored value's default meaning out of reach.
export const requiredFields: ReadonlySet<AccountFieldName> = new Set<AccountFieldName>([
  'name',
  'level',
  'payout',
  'enroll_email',
  'timing',
  'devices',
  'velocity',
  'ccs',
  'transactions',
  'high_ticket',
  'etf',
  'rev_share',
  'rev_share_percentage',
]);

// Disabled rails are 'false' on the page and null when stored.
const falseMeansNull: ReadonlySet<AccountFieldName> = new Set<AccountFieldName>([
  'ach',
  'crypto',
  'child_ach',
]);

export function splitPrincipalField(
  name: AccountFieldName,
): { position: number; field: AccountPrincipalField } | null {
  for (const [index, prefix] of accountPrincipalPrefixes.entries()) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    const field = Object.keys(principalColumnOf).find((key) => key === rest);
    if (field !== undefined) return { position: index + 1, field: toPrincipalField(field) };
    if (rest === 'ssn' || rest === 'date_of_birth') return { position: index + 1, field: rest };
  }
  return null;
}

function toPrincipalField(key: string): AccountPrincipalField {
  const found = (['ssn', 'date_of_birth', ...Object.keys(principalColumnOf)] as const).find((k) => k === key);
  if (found === undefined) throw new Error(`not a principal field: ${key}`);
  // Narrowed by the lookup above from the closed key lists.
  return found as AccountPrincipalField;
}

export function principalPrefixOf(position: number): AccountPrincipalPrefix {
  const prefix = accountPrincipalPrefixes[position - 1];
  if (!prefix) throw new Error(`no principal ${position}`);
  return prefix;
}

// A stored value in the page's form: money as 2-decimal amounts, numbers as text, rails as 'false'.
export function displayValue(name: AccountFieldName, stored: unknown): AccountFieldValue {
  const kind = accountFieldDefinitions[name].kind;
  if (stored === null || stored === undefined) return falseMeansNull.has(name) ? 'false' : null;
  if (typeof stored === 'boolean') return stored;
  if (kind === 'money' && typeof stored === 'number') return formatCentsAsDecimal(stored);
  if (typeof stored === 'number') return String(stored);
  if (typeof stored === 'string') return stored;
  return String(stored);
}

// The page's value as the column stores it.
export function storedValue(name: AccountFieldName, value: string | boolean | null): unknown {
  const kind = accountFieldDefinitions[name].kind;
  if (value === null) return null;
  if (typeof value === 'boolean') return value;
  if (falseMeansNull.has(name) && value === 'false') return null;
  if (kind === 'money') return parseDecimalToCents(value);
  if (kind === 'integer' || kind === 'whole_percent') return Number(value);
  return value;
}

// Values compared in the stored form, so '5' and '5.00' are one amount.
export function isSameValue(name: AccountFieldName, a: AccountFieldValue, b: AccountFieldValue): boolean {
  const left = storedValue(name, a);
  const right = storedValue(name, b);
  if (typeof left === 'string' && typeof right === 'string' && /^\d+(\.\d+)?$/.test(left)) {
    return Number(left) === Number(right);
  }
  return left === right;
}

export type SensitiveTarget =
  | { kind: 'client'; enc: 'taxIdEnc' | 'ssnEnc'; last4: 'taxIdLast4' | 'ssnLast4'; column: string }
  | {
      kind: 'keystore';
      enc: 'epxExternalKeyEnc' | 'bIdEnc';
      last4: 'epxExternalKeyLast4' | 'bIdLast4';
      column: string;
    }
  | { kind: 'bank'; which: 'account' | 'routing'; column: string }
  | { kind: 'principal'; position: number; which: 'ssn' | 'date_of_birth'; column: string };

export function sensitiveTargetOf(name: AccountFieldName): SensitiveTarget | null {
  if (name === 'tax_id') {
    return { kind: 'client', enc: 'taxIdEnc', last4: 'taxIdLast4', column: encryptedColumn.clientTaxId };
  }
  if (name === 'ssn')
    return { kind: 'client', enc: 'ssnEnc', last4: 'ssnLast4', column: encryptedColumn.clientSsn };
  if (name === 'epx_external_key') {
    return {
      kind: 'keystore',
      enc: 'epxExternalKeyEnc',
      last4: 'epxExternalKeyLast4',
      column: encryptedColumn.keystoreEpxExternalKey,
    };
  }
  if (name === 'b_id') {
    return { kind: 'keystore', enc: 'bIdEnc', last4: 'bIdLast4', column: encryptedColumn.keystoreBId };
  }
  if (name === 'account_number') {
    return { kind: 'bank', which: 'account', column: encryptedColumn.clientBankAccountNumber };
  }
  if (name === 'routing_number') {
    return { kind: 'bank', which: 'routing', column: encryptedColumn.clientBankRoutingNumber };
  }
  const principal = splitPrincipalField(name);
  if (principal?.field === 'ssn') {
    return {
      kind: 'principal',
      position: principal.position,
      which: 'ssn',
      column: encryptedColumn.clientPrincipalSsn,
    };
  }
  if (principal?.field === 'date_of_birth') {
    return {
      kind: 'principal',
      position: principal.position,
      which: 'date_of_birth',
      column: encryptedColumn.clientPrincipalDateOfBirth,
    };
  }
  return null;
}

// The mask of a sensitive value from its last four (a date of birth is masked whole).
export function maskOf(name: AccountFieldName, last4: string | null, isSet: boolean): string | null {
  if (!isSet) return null;
  const kind = accountFieldDefinitions[name].kind;
  if (kind === 'date_of_birth') return maskedDateOfBirth;
  // A secret identifier may end in letters: its mask shows them (or only the stars).
  if (kind === 'secret_id') return maskedSecret(last4 ?? '');
  if (!last4) return null;
  if (kind === 'tax_id') return maskedTaxId(last4);
  if (kind === 'ssn') return maskedSsn(last4);
  if (kind === 'account_number') return maskedAccountNumber(last4);
  return maskedRoutingNumber(last4);
}

// The encrypted value and last four of a sensitive field as stored.
export function sealedOf(
  row: AccountRow,
  name: AccountFieldName,
): { enc: string | null; last4: string | null } {
  const target = sensitiveTargetOf(name);
  if (!target) return { enc: null, last4: null };
  if (target.kind === 'client') return { enc: row.client[target.enc], last4: row.client[target.last4] };
  if (target.kind === 'keystore') {
    if (!row.keystore) return { enc: null, last4: null };
    return { enc: row.keystore[target.enc], last4: row.keystore[target.last4] };
  }
  if (target.kind === 'bank') {
    if (!row.bank) return { enc: null, last4: null };
    return target.which === 'account'
      ? { enc: row.bank.accountNumberEnc, last4: row.bank.accountNumberLast4 }
      : { enc: row.bank.routingNumberEnc, last4: row.bank.routingNumberLast4 };
  }
  const principal = row.principals.find((p) => p.position === target.position);
  if (!principal) return { enc: null, last4: null };
  return target.which === 'ssn'
    ? { enc: principal.ssnEnc, last4: principal.ssnLast4 }
    : { enc: principal.dateOfBirthEnc, last4: null };
}

function lookup<T extends object>(source: T | null, key: string): unknown {
  if (!source || !(key in source)) return null;
  return Object.entries(source).find(([name]) => name === key)?.[1] ?? null;
}

// Every field of the account in the page's form, sensitive ones masked.
export function accountFieldValues(row: AccountRow): Record<AccountFieldName, AccountFieldValue> {
  const entries = accountFieldNames.map((name): [AccountFieldName, AccountFieldValue] => {
    if (sensitiveTargetOf(name)) {
      const sealed = sealedOf(row, name);
      return [name, maskOf(name, sealed.last4, sealed.enc !== null)];
    }
    if (name === 'default_receipt_template') {
      return [name, row.config?.customizations.default_receipt_template ?? null];
    }
    if (name === 'account_type') return [name, row.bank?.accountType ?? null];
    const childKey = lookupKey(childDefaultOf, name);
    if (childKey) return [name, displayValue(name, childDefaultShown(row.config?.childDefaults, childKey))];
    const clientColumn = lookupKey(clientColumnOf, name);
    if (clientColumn) return [name, displayValue(name, row.client[clientColumn])];
    const configColumn = lookupKey(configColumnOf, name);
    if (configColumn) return [name, displayValue(name, lookup(row.config, configColumn))];
    const pricingColumn = lookupKey(pricingColumnOf, name);
    if (pricingColumn) return [name, displayValue(name, lookup(row.pricing, pricingColumn))];
    const keystoreColumn = lookupKey(keystoreColumnOf, name);
    if (keystoreColumn) return [name, displayValue(name, lookup(row.keystore, keystoreColumn))];
    const principal = splitPrincipalField(name);
    if (principal) {
      const principalRow = row.principals.find((p) => p.position === principal.position) ?? null;
      const column = lookupKey(principalColumnOf, principal.field);
      return [name, column ? displayValue(name, lookup(principalRow, column)) : null];
    }
    return [name, null];
  });
  return Object.fromEntries(entries) as Record<AccountFieldName, AccountFieldValue>;
}

export function lookupKey<M extends Record<string, string>>(map: M, name: string): M[keyof M] | undefined {
  const entry = Object.entries(map).find(([key]) => key === name);
  // The value comes from the map itself.
  return entry?.[1] as M[keyof M] | undefined;
}
