import { processorLabels } from '../common/processors';
import { ownershipTypes } from '../enrollment/enroll';
import {
  achProcessors,
  cardProcessors,
  cryptoProviders,
  settlementModeLabels,
  settlementModes,
  terminalBrandLabels,
  welcomeEmailModes,
} from '../enrollment/enrollment-record';

// The account detail page's fields, one table both sides read. The server maps
// each name to its column, the page renders its sections from it, and the Events panel labels
// changes with it. Names are the API's flat names.

export const accountSections = [
  'business',
  'address',
  'contact',
  'business_details',
  'principals',
  'processing',
  'keystore',
  'risk',
  'schedule_a',
  'interchange',
  'bank',
  'submerchant',
  'settings',
  'features',
] as const;
export type AccountSection = (typeof accountSections)[number];

export const accountSectionTitles: Record<AccountSection, string> = {
  business: 'Business Information',
  address: 'Address',
  contact: 'Contact',
  business_details: 'Business Details',
  principals: 'Principals',
  processing: 'Processing',
  keystore: 'Processor Identifiers',
  risk: 'Risk Settings',
  schedule_a: 'Schedule A Fees',
  interchange: 'EPX Interchange Plus',
  bank: 'Settlement / Payout Account',
  submerchant: 'Submerchant Settings',
  settings: 'Settings',
  features: 'Features',
};

// How a value is written and checked. Sensitive kinds answer masked and are revealed one by one.
export type AccountFieldKind =
  | 'text'
  | 'long_text'
  | 'email'
  | 'enum'
  | 'boolean'
  | 'money'
  | 'rate'
  | 'flat_rate'
  | 'bps'
  | 'percent'
  | 'whole_percent'
  | 'integer'
  | 'date'
  | 'state'
  | 'zip'
  | 'mcc'
  | 'tax_id'
  | 'ssn'
  | 'date_of_birth'
  | 'account_number'
  | 'routing_number'
  // Processor identifiers: digits only, or letters, digits and symbols without spaces; a secret one
  // (an API key, an encoded login) is sealed like the other sensitive values.
  | 'numeric_id'
  | 'text_id'
  | 'secret_id';

export const sensitiveFieldKinds = [
  'tax_id',
  'ssn',
  'date_of_birth',
  'account_number',
  'routing_number',
  'secret_id',
] as const satisfies readonly AccountFieldKind[];
export type SensitiveFieldKind = (typeof sensitiveFieldKinds)[number];

export type AccountFieldDefinition = {
  section: AccountSection;
  label: string;
  kind: AccountFieldKind;
  options?: readonly string[];
};

// Detail page options; a disabled rail is 'false' on the page and null when stored.
export const detailAchOptions = ['false', ...achProcessors] as const;
export const detailCryptoOptions = ['false', ...cryptoProviders] as const;
export const detailTerminalOptions = ['dejavoo', 'pax', 'magtek'] as const;
export const detailAccountTypes = ['checking', 'savings'] as const;
export const accountLevels = ['Parent', 'Merchant'] as const;
export const accountOwnershipTypes = [...ownershipTypes, 'Government'] as const;

const principalFieldShape = {
  first_name: { label: 'First Name', kind: 'text' },
  last_name: { label: 'Last Name', kind: 'text' },
  ssn: { label: 'SSN', kind: 'ssn' },
  date_of_birth: { label: 'Date of Birth', kind: 'date_of_birth' },
  title: { label: 'Title', kind: 'text' },
  ownership_percent: { label: 'Ownership %', kind: 'percent' },
  phone_number: { label: 'Phone Number', kind: 'text' },
  address_line_1: { label: 'Address Line 1', kind: 'text' },
  address_line_2: { label: 'Address Line 2', kind: 'text' },
  city: { label: 'City', kind: 'text' },
  state_province: { label: 'State', kind: 'state' },
  postal_code: { label: 'Postal Code', kind: 'zip' },
} as const satisfies Record<string, Omit<AccountFieldDefinition, 'section'>>;
export type AccountPrincipalField = keyof typeof principalFieldShape;
export const accountPrincipalFields = Object.keys(principalFieldShape) as AccountPrincipalField[];

// Prefixes none, two, three, four before 'principal_'.
export const accountPrincipalPrefixes = [
  'principal_',
  'two_principal_',
  'three_principal_',
  'four_principal_',
] as const;
export type AccountPrincipalPrefix = (typeof accountPrincipalPrefixes)[number];
const principalOrdinals = ['Principal 1', 'Principal 2', 'Principal 3', 'Principal 4'] as const;

type PrincipalFieldName = `${AccountPrincipalPrefix}${AccountPrincipalField}`;

function principalDefinitions(): Record<PrincipalFieldName, AccountFieldDefinition> {
  const entries = accountPrincipalPrefixes.flatMap((prefix, index) =>
    accountPrincipalFields.map((field) => {
      const shape = principalFieldShape[field];
      const definition: AccountFieldDefinition = {
        section: 'principals',
        label: `${principalOrdinals[index]} ${shape.label}`,
        kind: shape.kind,
      };
      return [`${prefix}${field}`, definition] as const;
    }),
  );
  // Restates the keys built above from the two closed lists.
  return Object.fromEntries(entries) as Record<PrincipalFieldName, AccountFieldDefinition>;
}

const fixedDefinitions = {
  // Business information
  name: { section: 'business', label: 'Name', kind: 'text' },
  legal_name: { section: 'business', label: 'Legal Name', kind: 'text' },
  dba_name: { section: 'business', label: 'DBA Name', kind: 'text' },
  level: { section: 'business', label: 'Level', kind: 'enum', options: accountLevels },
  tax_id: { section: 'business', label: 'Tax ID', kind: 'tax_id' },
  ssn: { section: 'business', label: 'SSN', kind: 'ssn' },
  start_date: { section: 'business', label: 'Start Date', kind: 'date' },
  ownership_type: {
    section: 'business',
    label: 'Business Structure',
    kind: 'enum',
    options: accountOwnershipTypes,
  },
  business_type: { section: 'business', label: 'Business Type', kind: 'text' },
  mcc_code: { section: 'business', label: 'MCC Code', kind: 'mcc' },
  billing_descriptor: { section: 'business', label: 'Billing Descriptor', kind: 'text' },
  website: { section: 'business', label: 'Website', kind: 'text' },
  // Address
  address_line_1: { section: 'address', label: 'Address Line 1', kind: 'text' },
  address_line_2: { section: 'address', label: 'Address Line 2', kind: 'text' },
  locality: { section: 'address', label: 'City', kind: 'text' },
  region: { section: 'address', label: 'State', kind: 'state' },
  postal_code: { section: 'address', label: 'Postal Code', kind: 'zip' },
  // Contact
  email: { section: 'contact', label: 'Email', kind: 'email' },
  phone: { section: 'contact', label: 'Phone', kind: 'text' },
  // Business details
  business_address_1: { section: 'business_details', label: 'Business Address 1', kind: 'text' },
  business_address_2: { section: 'business_details', label: 'Business Address 2', kind: 'text' },
  business_locality: { section: 'business_details', label: 'Business City', kind: 'text' },
  business_region: { section: 'business_details', label: 'Business State', kind: 'state' },
  business_postal_code: { section: 'business_details', label: 'Business Postal Code', kind: 'zip' },
  business_phone_number: { section: 'business_details', label: 'Business Phone', kind: 'text' },
  business_description: { section: 'business_details', label: 'Business Description', kind: 'long_text' },
  // Processing
  payment: { section: 'processing', label: 'Card Processor', kind: 'enum', options: cardProcessors },
  card_rate: { section: 'processing', label: 'Card Rate', kind: 'rate' },
  card_p2c: { section: 'processing', label: 'Card Pass to Consumer', kind: 'boolean' },
  ach: { section: 'processing', label: 'ACH', kind: 'enum', options: detailAchOptions },
  ach_rate: { section: 'processing', label: 'ACH Rate', kind: 'flat_rate' },
  ach_p2c: { section: 'processing', label: 'ACH Pass to Consumer', kind: 'boolean' },
  crypto: { section: 'processing', label: 'Crypto', kind: 'enum', options: detailCryptoOptions },
  crypto_rate: { section: 'processing', label: 'Crypto Rate', kind: 'flat_rate' },
  crypto_p2c: { section: 'processing', label: 'Crypto Pass to Consumer', kind: 'boolean' },
  terminals: { section: 'processing', label: 'Terminals', kind: 'enum', options: detailTerminalOptions },
  payout: { section: 'processing', label: 'Payout', kind: 'enum', options: settlementModes },
  pause_settlement: { section: 'processing', label: 'Pause Settlement', kind: 'boolean' },
  // Processor identifiers (the keystore); which of them show follows the account's processors.
  propay_mid: { section: 'keystore', label: 'ProPay MID', kind: 'numeric_id' },
  heartland_public_key: { section: 'keystore', label: 'Heartland Public Key', kind: 'text_id' },
  epx_external_key: { section: 'keystore', label: 'EPX External Key', kind: 'secret_id' },
  epx_merchant_identifier: { section: 'keystore', label: 'EPX Merchant Identifier', kind: 'numeric_id' },
  m_mid: { section: 'keystore', label: 'MerchantE MID', kind: 'numeric_id' },
  m_pid: { section: 'keystore', label: 'MerchantE PID', kind: 'numeric_id' },
  b_mid: { section: 'keystore', label: 'Bluesnap MID', kind: 'numeric_id' },
  b_id: { section: 'keystore', label: 'Bluesnap ID', kind: 'secret_id' },
  curpay_id: { section: 'keystore', label: 'CurPay ID', kind: 'text_id' },
  forum_pay_identifier: { section: 'keystore', label: 'ForumPay Identifier', kind: 'text_id' },
  // Risk
  high_ticket: { section: 'risk', label: 'High Ticket', kind: 'money' },
  avg_ticket: { section: 'risk', label: 'Average Ticket', kind: 'money' },
  monthly_volume: { section: 'risk', label: 'Monthly Volume', kind: 'money' },
  monthly_high_volume: { section: 'risk', label: 'Monthly High Volume', kind: 'money' },
  timing: { section: 'risk', label: 'Timing (minutes)', kind: 'integer' },
  devices: { section: 'risk', label: 'Devices', kind: 'integer' },
  velocity: { section: 'risk', label: 'Velocity', kind: 'integer' },
  ccs: { section: 'risk', label: 'Cards per Customer', kind: 'integer' },
  transactions: { section: 'risk', label: 'Transactions', kind: 'integer' },
  // Schedule A fees
  low_rate: { section: 'schedule_a', label: 'Low Rate', kind: 'flat_rate' },
  etf: { section: 'schedule_a', label: 'ETF', kind: 'money' },
  reg_fee: { section: 'schedule_a', label: 'Registration Fee', kind: 'money' },
  pci_fee: { section: 'schedule_a', label: 'PCI Fee', kind: 'money' },
  generic_pci_fee: { section: 'schedule_a', label: 'Generic PCI Fee', kind: 'money' },
  monthly_fee: { section: 'schedule_a', label: 'Monthly Fee', kind: 'money' },
  monthly_min: { section: 'schedule_a', label: 'Monthly Minimum', kind: 'money' },
  annual_fee: { section: 'schedule_a', label: 'Annual Fee', kind: 'money' },
  chargeback_fee: { section: 'schedule_a', label: 'Chargeback Fee', kind: 'money' },
  retrieval_fee: { section: 'schedule_a', label: 'Retrieval Fee', kind: 'money' },
  ach_noc: { section: 'schedule_a', label: 'ACH NOC', kind: 'money' },
  ach_return: { section: 'schedule_a', label: 'ACH Return', kind: 'money' },
  tin_mismatch: { section: 'schedule_a', label: 'TIN Mismatch', kind: 'money' },
  tax_rate: { section: 'schedule_a', label: 'Tax Rate', kind: 'percent' },
  rev_share: { section: 'schedule_a', label: 'Revenue Share', kind: 'integer' },
  // EPX interchange plus (rates in BPS, 9 means .09)
  qualified_rate: { section: 'interchange', label: 'Qualified Rate (BPS)', kind: 'bps' },
  amex_qualified_rate: { section: 'interchange', label: 'Amex Qualified Rate (BPS)', kind: 'bps' },
  debit_qualified_rate: { section: 'interchange', label: 'Debit Qualified Rate (BPS)', kind: 'bps' },
  qualified_transaction_fee: { section: 'interchange', label: 'Qualified Transaction Fee', kind: 'money' },
  amex_qualified_transaction_fee: {
    section: 'interchange',
    label: 'Amex Qualified Transaction Fee',
    kind: 'money',
  },
  debit_qualified_transaction_fee: {
    section: 'interchange',
    label: 'Debit Qualified Transaction Fee',
    kind: 'money',
  },
  interchange_dues_assessments_basis_point: {
    section: 'interchange',
    label: 'Interchange Dues and Assessments (BPS)',
    kind: 'bps',
  },
  amex_interchange_dues_assessments_basis_point: {
    section: 'interchange',
    label: 'Amex Interchange Dues and Assessments (BPS)',
    kind: 'bps',
  },
  debit_interchange_dues_assessments_basis_point: {
    section: 'interchange',
    label: 'Debit Interchange Dues and Assessments (BPS)',
    kind: 'bps',
  },
  qualified_check_card_rate: {
    section: 'interchange',
    label: 'Qualified Check Card Rate (BPS)',
    kind: 'bps',
  },
  qualified_check_card_transaction_fee: {
    section: 'interchange',
    label: 'Qualified Check Card Transaction Fee',
    kind: 'money',
  },
  interchange_transaction_passthrough_credit_fee: {
    section: 'interchange',
    label: 'Interchange Passthrough Credit Fee',
    kind: 'money',
  },
  interchange_transaction_passthrough_check_card_fee: {
    section: 'interchange',
    label: 'Interchange Passthrough Check Card Fee',
    kind: 'money',
  },
  debit_gateway_fee: { section: 'interchange', label: 'Debit Gateway Fee', kind: 'money' },
  debit_transaction_fee: { section: 'interchange', label: 'Debit Transaction Fee', kind: 'money' },
  monthly_basic_service_fee: { section: 'interchange', label: 'Monthly Basic Service Fee', kind: 'money' },
  monthly_minimum_discount_fee: {
    section: 'interchange',
    label: 'Monthly Minimum Discount Fee',
    kind: 'money',
  },
  return_item_support_fee: { section: 'interchange', label: 'Return Item Support Fee', kind: 'money' },
  // Settlement / payout account
  account_number: { section: 'bank', label: 'Account Number', kind: 'account_number' },
  routing_number: { section: 'bank', label: 'Routing Number', kind: 'routing_number' },
  account_type: { section: 'bank', label: 'Account Type', kind: 'enum', options: detailAccountTypes },
  // Submerchant settings (parent level)
  onboard: { section: 'submerchant', label: 'Auto-Onboard', kind: 'boolean' },
  enroll_email: {
    section: 'submerchant',
    label: 'Whitelabel Welcome Email',
    kind: 'enum',
    options: welcomeEmailModes,
  },
  w_enroll_message: { section: 'submerchant', label: 'Welcome Email Message', kind: 'long_text' },
  rev_share_percentage: { section: 'submerchant', label: 'Revenue Share Percentage', kind: 'percent' },
  rev_share_formula: { section: 'submerchant', label: 'Revenue Share Formula', kind: 'text' },
  // Defaults handed to the sub-merchants the parent onboards (default processors and
  // terminals).
  child_payment: {
    section: 'submerchant',
    label: 'Default Card Processor',
    kind: 'enum',
    options: cardProcessors,
  },
  child_ach: {
    section: 'submerchant',
    label: 'Default ACH Processor',
    kind: 'enum',
    options: detailAchOptions,
  },
  child_terminals: {
    section: 'submerchant',
    label: 'Default Terminals',
    kind: 'enum',
    options: detailTerminalOptions,
  },
  // Current entity pricing: the rates the parent's sub-merchants start from.
  child_card_rate: { section: 'submerchant', label: 'Default Card Rate', kind: 'rate' },
  child_ach_rate: { section: 'submerchant', label: 'Default ACH Rate', kind: 'flat_rate' },
  child_crypto_rate: { section: 'submerchant', label: 'Default Crypto Rate', kind: 'flat_rate' },
  // The other inherited settings: what a new sub-merchant's account starts with.
  child_onboard: { section: 'submerchant', label: 'Default Auto-Onboard', kind: 'boolean' },
  child_rev_share: { section: 'submerchant', label: 'Default Revenue Share (%)', kind: 'whole_percent' },
  child_avg_ticket: { section: 'submerchant', label: 'Default Average Ticket', kind: 'money' },
  child_high_ticket: { section: 'submerchant', label: 'Default High Ticket', kind: 'money' },
  child_monthly_volume: { section: 'submerchant', label: 'Default Monthly Volume', kind: 'money' },
  child_monthly_high_volume: { section: 'submerchant', label: 'Default Monthly High Volume', kind: 'money' },
  child_enroll_email: {
    section: 'submerchant',
    label: 'Default Welcome Email',
    kind: 'enum',
    options: welcomeEmailModes,
  },
  child_pause_settlement: { section: 'submerchant', label: 'Default Pause Settlement', kind: 'boolean' },
  // Settings
  default_receipt_template: { section: 'settings', label: 'Default Receipt Template', kind: 'long_text' },
  meta_field_search: { section: 'settings', label: 'Meta Field Search', kind: 'boolean' },
  meta_field_search_term: { section: 'settings', label: 'Meta Field Search Term', kind: 'text' },
  // Features
  is_monthly_billing_enabled: { section: 'features', label: 'Monthly Billing', kind: 'boolean' },
  level_three_data_enabled: { section: 'features', label: 'Level 3 Data', kind: 'boolean' },
  check_emaf: { section: 'features', label: 'Check EMAF', kind: 'boolean' },
} as const satisfies Record<string, AccountFieldDefinition>;

export type AccountFieldName = keyof typeof fixedDefinitions | PrincipalFieldName;

export const accountFieldDefinitions: Record<AccountFieldName, AccountFieldDefinition> = {
  ...fixedDefinitions,
  ...principalDefinitions(),
};

export const accountFieldNames = Object.keys(accountFieldDefinitions).filter(isAccountFieldName);

export function isAccountFieldName(name: string): name is AccountFieldName {
  return Object.hasOwn(accountFieldDefinitions, name);
}

export function isSensitiveKind(kind: AccountFieldKind): kind is SensitiveFieldKind {
  return sensitiveFieldKinds.some((sensitive) => sensitive === kind);
}

export function isSensitiveField(name: AccountFieldName): boolean {
  return isSensitiveKind(accountFieldDefinitions[name].kind);
}

export function fieldsOfSection(section: AccountSection): AccountFieldName[] {
  return accountFieldNames.filter((name) => accountFieldDefinitions[name].section === section);
}

// ---- Processor identifiers (keystore) ----

export const keystoreFieldNames = [
  'propay_mid',
  'heartland_public_key',
  'epx_external_key',
  'epx_merchant_identifier',
  'm_mid',
  'm_pid',
  'b_mid',
  'b_id',
  'curpay_id',
  'forum_pay_identifier',
] as const satisfies readonly AccountFieldName[];
export type KeystoreFieldName = (typeof keystoreFieldNames)[number];

export type AccountProcessors = {
  payment: string | null;
  ach: string | null;
  crypto: string | null;
};

// The identifiers each processor issues: FIS accounts run on Heartland's gateway, ProPay's MID serves
// cards and ACH alike, the crypto providers have one each.
const keystoreFieldsOfCardProcessor: Record<string, readonly KeystoreFieldName[]> = {
  fis: ['heartland_public_key'],
  epx: ['epx_external_key', 'epx_merchant_identifier'],
  merchante: ['m_mid', 'm_pid'],
  bluesnap: ['b_mid', 'b_id'],
  propay: ['propay_mid'],
};
const keystoreFieldsOfAch: Record<string, readonly KeystoreFieldName[]> = { propay: ['propay_mid'] };
const keystoreFieldsOfCrypto: Record<string, readonly KeystoreFieldName[]> = {
  curpay: ['curpay_id'],
  forumpay: ['forum_pay_identifier'],
};

// Choosing a processor changes which identifier fields show: those of the card, ACH and crypto
// processors chosen, in the keystore's order.
export function keystoreFieldsFor(processors: AccountProcessors): KeystoreFieldName[] {
  const shown = new Set<KeystoreFieldName>([
    ...(keystoreFieldsOfCardProcessor[processors.payment ?? ''] ?? []),
    ...(keystoreFieldsOfAch[processors.ach ?? ''] ?? []),
    ...(keystoreFieldsOfCrypto[processors.crypto ?? ''] ?? []),
  ]);
  return keystoreFieldNames.filter((name) => shown.has(name));
}

export function isKeystoreFieldName(name: string): name is KeystoreFieldName {
  return keystoreFieldNames.some((field) => field === name);
}

// A secret identifier answers as four stars and its last four letters or digits.
export function maskedSecret(last4: string): string {
  return `****${last4}`;
}
export function isMaskedSecret(text: string): boolean {
  return /^\*{4}[A-Za-z0-9]{0,4}$/.test(text.trim());
}

// ---- Words for stored codes ----

// What people read for an option's stored code: the product's names of processors, terminal brands
// and payout modes; codes not listed read as they are (the level and business structures are names).
const optionWords: Readonly<Record<string, string>> = {
  ...processorLabels,
  dejavoo: terminalBrandLabels.dejavoo,
  pax: terminalBrandLabels.pax,
  magtek: terminalBrandLabels.magtek,
  ...settlementModeLabels,
  checking: 'Checking',
  savings: 'Savings',
};
// A disabled rail is 'false'; the welcome e-mail's modes are false, true and custom.
const optionWordsOfField: Partial<Record<AccountFieldName, Record<string, string>>> = {
  ach: { false: 'Disabled' },
  crypto: { false: 'Disabled' },
  child_ach: { false: 'Disabled' },
  enroll_email: { false: 'Off', true: 'Standard', custom: 'Custom' },
  child_enroll_email: { false: 'Off', true: 'Standard', custom: 'Custom' },
};

export function optionLabel(field: AccountFieldName, option: string): string {
  return optionWordsOfField[field]?.[option] ?? optionWords[option] ?? option;
}

// Switches that read as two named states rather than Yes and No: [when on, when off].
export const switchWords: Partial<Record<AccountFieldName, readonly [string, string]>> = {
  card_p2c: ['Enabled', 'Disabled'],
  ach_p2c: ['Enabled', 'Disabled'],
  crypto_p2c: ['Enabled', 'Disabled'],
  pause_settlement: ['Paused', 'Actively Settling'],
};

export function switchLabel(field: AccountFieldName, isOn: boolean): string {
  const words = switchWords[field];
  if (words) return isOn ? words[0] : words[1];
  return isOn ? 'Yes' : 'No';
}

// Bluesnap settles on its own schedule: its accounts cannot be paused.
export function canPauseSettlement(payment: string | null): boolean {
  return payment !== 'bluesnap';
}
