import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { parseJsonObject } from '../common/json-object';
import { applicationStatuses, EnrollText, enrollmentStatuses, ownershipTypes, zipPattern } from './enroll';

// The enrollment record of the enrollment management page
// (GET /api/enroll?id=), the edit call (PATCH /api/enroll/edit) and the texts both sides show.

export const EnrollmentRecordText = {
  Updated: 'Account Updated!',
  UpdateFailed: 'An error occurred while updating data:',
  WelcomeEmailOff: 'The Welcome Email is Turned off at the Parent Level',
  WelcomeEmailEmpty:
    'Caution, the enrollment email is turned on at the parent level but the email has no content!',
  ConfirmSave: 'Save the changes to this enrollment?',
  NotFound: 'Enrollment not found',
  ProcessingNotAllowed: 'Parents may not change processing, risk or fee settings.',
  MetaNotJson: 'meta must be the record as a JSON object',
  SsnInvalid: 'SSN must have 9 digits.',
  TaxIdInvalid: 'Federal Tax ID must have 9 digits.',
  AccountNumberInvalid: 'Account number must have 4 to 17 digits.',
  RoutingNumberInvalid: 'Routing number must have 9 digits.',
  DateOfBirthInvalid: 'Date of birth must be YYYY-MM-DD.',
  StateInvalid: 'State must be two uppercase letters.',
  PercentInvalid: 'Enter a percent from 0 to 100 with at most 2 decimals.',
  MixInvalid: 'Enter a whole percent from 0 to 100.',
  AmountInvalid: 'Enter an amount with at most 2 decimals.',
  RateInvalid: "Enter a rate like '2.90+0.30' or 'IC+10bps+5c'.",
  FlatRateInvalid: "Enter a rate like '0.50+0.30'.",
  MccInvalid: 'MCC Code must have 4 digits.',
} as const;

export function updateFailedText(serverMessage: string): string {
  const detail = serverMessage.trim();
  return detail === '' ? EnrollmentRecordText.UpdateFailed : `${EnrollmentRecordText.UpdateFailed} ${detail}`;
}

export const EnrollmentRecordErrorCode = {
  NotFound: 'ENROLLMENT_NOT_FOUND',
  ProcessingNotAllowed: 'ENROLLMENT_PROCESSING_NOT_ALLOWED',
} as const;

// ---- Closed lists (the database enums, spelled as stored) ----

export const applicationTypes = ['Merchant', 'Partner', 'Agent'] as const;
export const companyLevelValues = ['Parent', 'Merchant'] as const;
// An application's ownership types offer 'Government Agency', the review pages' business structures
// 'Government': the database keeps both.
export const enrollmentOwnershipTypes = [...ownershipTypes, 'Government'] as const;
export const cardProcessors = ['fis', 'merchante', 'bluesnap', 'epx', 'propay'] as const;
export const achProcessors = ['xpress', 'propay'] as const;
export const cryptoProviders = ['curpay', 'forumpay'] as const;
export const terminalBrands = ['fis', 'dejavoo', 'pax', 'magtek', 'tpp'] as const;
export const settlementModes = [
  'split_settlement',
  'dynamic_payout_weekly',
  'dynamic_payout_monthly',
] as const;
// How people read the settlement modes and terminal brands.
export const settlementModeLabels: Readonly<Record<(typeof settlementModes)[number], string>> = {
  split_settlement: 'Split settlement',
  dynamic_payout_weekly: 'Dynamic payout, weekly',
  dynamic_payout_monthly: 'Dynamic payout, monthly',
};
export const terminalBrandLabels: Readonly<Record<(typeof terminalBrands)[number], string>> = {
  fis: 'Ingenico',
  dejavoo: 'Dejavoo',
  pax: 'PAX',
  magtek: 'MagTek',
  tpp: 'TPP',
};
export const bankAccountTypes = ['checking', 'savings', 'business'] as const;
export const kycStatuses = ['pending', 'passed', 'failed', 'needs_review'] as const;
export const welcomeEmailModes = ['false', 'true', 'custom'] as const;
export type WelcomeEmailMode = (typeof welcomeEmailModes)[number];

// ---- Masking (sensitive numbers answer as their last four only) ----

export function maskedSsn(last4: string): string {
  return `***-**-${last4}`;
}
export function maskedTaxId(last4: string): string {
  return `**-***${last4}`;
}
export function maskedAccountNumber(last4: string): string {
  return `****${last4}`;
}
export function maskedRoutingNumber(last4: string): string {
  return `*****${last4}`;
}
// A date of birth has no useful last four: it is masked whole.
export const maskedDateOfBirth = '****-**-**';

const maskedShape = /^[*-]*\*[*-]*\d{0,4}$/;

// A value the browser sends back as it received it (or with only the mask touched): keep the stored one.
export function isMaskedValue(text: string): boolean {
  return maskedShape.test(text.trim());
}

// Response schemas hold the masks to their shape, so a clear value can never be serialised.
const maskedSsnSchema = z.string().regex(/^\*{3}-\*{2}-\d{1,4}$/);
const maskedTaxIdSchema = z.string().regex(/^\*{2}-\*{3}\d{1,4}$/);
const maskedAccountSchema = z.string().regex(/^\*{4}\d{1,4}$/);
const maskedRoutingSchema = z.string().regex(/^\*{5}\d{1,4}$/);
const maskedDateOfBirthSchema = z.literal(maskedDateOfBirth);

// ---- Field groups ----

// Principals 1 to 4: prefixes principal_, two_principal_, three_principal_, four_principal_.
export const principalPrefixes = [
  'principal_',
  'two_principal_',
  'three_principal_',
  'four_principal_',
] as const;
export type PrincipalPrefix = (typeof principalPrefixes)[number];
export const principalFields = [
  'first_name',
  'last_name',
  'ssn',
  'date_of_birth',
  'ownership_percent',
  'title',
  'phone_number',
  'email',
  'address_line_one',
  'address_line_two',
  'city',
  'state_province',
  'postal_code',
] as const;
export type PrincipalField = (typeof principalFields)[number];

// What parents may not change (the processing sections: card, ACH, crypto, terminals,
// transaction mix, risk, Schedule A fees).
export const processingFieldNames = [
  'payment',
  'card_rate',
  'card_p2c',
  'ach',
  'ach_rate',
  'ach_p2c',
  'crypto',
  'crypto_rate',
  'crypto_p2c',
  'devices',
  'settlement',
  'mcc_code',
  'label',
  'mark_up',
  'rev_share',
  'card_swiped',
  'keyed_card_present_not_imprinted',
  'mail_or_phone_order',
  'internet',
  'high_ticket',
  'avg_ticket',
  'monthly_volume',
  'monthly_high_volume',
  'low_rate',
  'etf',
  'reg_fee',
  'pci_fee',
  'monthly_fee',
  'monthly_min',
  'annual_fee',
  'chargeback_fee',
  'retrieval_fee',
  'ach_noc',
  'ach_return',
  'tin_mismatch',
] as const;
export type ProcessingFieldName = (typeof processingFieldNames)[number];

export const moneyFieldNames = [
  'high_ticket',
  'avg_ticket',
  'monthly_volume',
  'monthly_high_volume',
  'etf',
  'reg_fee',
  'pci_fee',
  'monthly_fee',
  'monthly_min',
  'annual_fee',
  'chargeback_fee',
  'retrieval_fee',
  'ach_noc',
  'ach_return',
  'tin_mismatch',
] as const;
export type MoneyFieldName = (typeof moneyFieldNames)[number];

export const transactionMixFieldNames = [
  'card_swiped',
  'keyed_card_present_not_imprinted',
  'mail_or_phone_order',
  'internet',
] as const;
export type TransactionMixFieldName = (typeof transactionMixFieldNames)[number];

export function isProcessingFieldName(name: string): name is ProcessingFieldName {
  return processingFieldNames.some((field) => field === name);
}

type Prefixed<P extends string, S extends z.ZodRawShape> = {
  [K in keyof S & string as `${P}${K}`]: S[K];
};

// The API's flat names for one principal's fields; the cast only restates the keys built here.
function prefixed<P extends string, S extends z.ZodRawShape>(prefix: P, shape: S): Prefixed<P, S> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [`${prefix}${key}`, schema]),
  ) as Prefixed<P, S>;
}

// ---- GET /api/enroll?id= ----

const nullableText = z.string().nullable();
const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .nullable();
const timestamp = z.iso.datetime({ offset: true }).nullable();

const principalRecordShape = {
  first_name: nullableText,
  last_name: nullableText,
  ssn: maskedSsnSchema.nullable(),
  date_of_birth: maskedDateOfBirthSchema.nullable(),
  ownership_percent: nullableText,
  title: nullableText,
  phone_number: nullableText,
  email: nullableText,
  address_line_one: nullableText,
  address_line_two: nullableText,
  city: nullableText,
  state_province: nullableText,
  postal_code: nullableText,
} satisfies Record<PrincipalField, z.ZodType>;

export const enrollmentRecordSchema = z.object({
  id: z.uuid(),
  parent_id: z.uuid().nullable(),
  // The merchant account once approved.
  client_id: z.uuid().nullable(),
  application_type: z.enum(applicationTypes),
  application_status: z.enum(applicationStatuses).nullable(),
  status: z.enum(enrollmentStatuses).nullable(),
  level: z.enum(companyLevelValues),
  // Business information.
  dba_name: nullableText,
  legal_name: nullableText,
  first_name: nullableText,
  last_name: nullableText,
  ownership_type: z.enum(enrollmentOwnershipTypes).nullable(),
  fed_tx_id: maskedTaxIdSchema.nullable(),
  business_description: nullableText,
  start_date: z.iso.date().nullable(),
  // Address and contact.
  business_address_one: nullableText,
  business_address_two: nullableText,
  business_city: nullableText,
  business_state_province: nullableText,
  business_postal_code: nullableText,
  email: nullableText,
  business_phone_number: nullableText,
  website: nullableText,
  created_at: z.iso.datetime({ offset: true }),
  // The header's last activity.
  updated_at: z.iso.datetime({ offset: true }),
  // The parent's welcome e-mail switch and text; null without a parent configuration.
  enroll_email: z.enum(welcomeEmailModes).nullable(),
  w_enrollMessage: nullableText,
  parent_name: nullableText,
  // The parent's white-label brand name.
  white_label: nullableText,
  ...prefixed('principal_', principalRecordShape),
  ...prefixed('two_principal_', principalRecordShape),
  ...prefixed('three_principal_', principalRecordShape),
  ...prefixed('four_principal_', principalRecordShape),
  // Settlement account.
  account_number: maskedAccountSchema.nullable(),
  routing_number: maskedRoutingSchema.nullable(),
  account_type: z.enum(bankAccountTypes).nullable(),
  // Processing.
  payment: z.enum(cardProcessors).nullable(),
  card_rate: nullableText,
  card_p2c: z.boolean(),
  ach: z.enum(achProcessors).nullable(),
  ach_rate: nullableText,
  ach_p2c: z.boolean(),
  crypto: z.enum(cryptoProviders).nullable(),
  crypto_rate: nullableText,
  crypto_p2c: z.boolean(),
  devices: z.enum(terminalBrands).nullable(),
  settlement: z.enum(settlementModes).nullable(),
  mcc_code: nullableText,
  label: nullableText,
  mark_up: nullableText,
  rev_share: nullableText,
  // Transaction mix, whole percents.
  card_swiped: z.number().int().nullable(),
  keyed_card_present_not_imprinted: z.number().int().nullable(),
  mail_or_phone_order: z.number().int().nullable(),
  internet: z.number().int().nullable(),
  // Risk and Schedule A fees: dollars as decimal strings with 2 places (the enroll body's form).
  high_ticket: money,
  avg_ticket: money,
  monthly_volume: money,
  monthly_high_volume: money,
  low_rate: nullableText,
  etf: money,
  reg_fee: money,
  pci_fee: money,
  monthly_fee: money,
  monthly_min: money,
  annual_fee: money,
  chargeback_fee: money,
  retrieval_fee: money,
  ach_noc: money,
  ach_return: money,
  tin_mismatch: money,
  // Review trail.
  kyc_status: z.enum(kycStatuses).nullable(),
  kyc_checked_at: timestamp,
  cta_sent_at: timestamp,
  agreed_at: timestamp,
  approved_at: timestamp,
  rejected_at: timestamp,
});
export type EnrollmentRecord = z.infer<typeof enrollmentRecordSchema>;

export const enrollmentRecordQuery = z.object({ id: z.uuid() });
export const enrollmentRecordResponse = successEnvelope(enrollmentRecordSchema);

// ---- PATCH /api/enroll/edit ----

// Same shapes as the enroll body's rates.
export const flatRatePattern = /^\d{1,3}(\.\d{1,2})?\+\d{1,6}(\.\d{1,2})?$/;
export const interchangePlusPattern = /^IC\+\d{1,4}bps\+\d{1,4}c$/;
export const amountPattern = /^\d{1,12}(\.\d{1,2})?$/;
export const percentPattern = /^\d{1,3}(\.\d{1,2})?$/;
export const statePattern = /^[A-Z]{2}$/;
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Blank text clears a field (null); absent keys stay as they are.
function editText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === null || value === '' ? null : value))
    .optional();
}

function editPattern(pattern: RegExp, message: string, max = 30) {
  return z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value === '') return null;
      if (!pattern.test(value)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    })
    .optional();
}

function isPercent(value: string): boolean {
  return percentPattern.test(value) && Number(value) <= 100;
}

const editPercent = z
  .string()
  .trim()
  .max(10)
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    if (!isPercent(value)) {
      ctx.addIssue({ code: 'custom', message: EnrollmentRecordText.PercentInvalid });
      return z.NEVER;
    }
    return value;
  })
  .optional();

const editMix = z
  .number({ error: EnrollmentRecordText.MixInvalid })
  .int(EnrollmentRecordText.MixInvalid)
  .min(0, EnrollmentRecordText.MixInvalid)
  .max(100, EnrollmentRecordText.MixInvalid)
  .nullable()
  .optional();

const editEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).nullable().optional();

// What an edit does to an encrypted column.
export type SensitiveChange = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; value: string };

// The edit sends the record back whole, masks included: a mask means "unchanged", blank clears,
// and only a full clear value replaces what is stored.
function editSensitive(isValid: (text: string) => boolean, message: string) {
  return z
    .string()
    .max(40)
    .nullable()
    .transform((value, ctx): SensitiveChange => {
      const text = value?.trim() ?? '';
      if (text === '') return { kind: 'clear' };
      if (isMaskedValue(text)) return { kind: 'keep' };
      if (!isValid(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return { kind: 'set', value: text };
    })
    .optional();
}

const isSsn = (text: string) => /^\d{3}-?\d{2}-?\d{4}$/.test(text);
const isTaxId = (text: string) => /^\d{2}-?\d{7}$/.test(text);
const isDateOfBirth = (text: string) => z.iso.date().safeParse(text).success;

const principalEditShape = {
  first_name: editText(100),
  last_name: editText(100),
  ssn: editSensitive(isSsn, EnrollmentRecordText.SsnInvalid),
  date_of_birth: editSensitive(isDateOfBirth, EnrollmentRecordText.DateOfBirthInvalid),
  ownership_percent: editPercent,
  title: editText(100),
  phone_number: editText(30),
  email: editPattern(emailPattern, EnrollText.EmailInvalid, 254),
  address_line_one: editText(200),
  address_line_two: editText(200),
  city: editText(100),
  state_province: editPattern(statePattern, EnrollmentRecordText.StateInvalid, 2),
  postal_code: editPattern(zipPattern, EnrollText.ZipInvalid, 10),
} satisfies Record<PrincipalField, z.ZodType>;

export const enrollmentEditMeta = z.strictObject({
  id: z.uuid(),
  // A merchant or partner cannot lose its names (checked against the record's type by the server).
  dba_name: editText(200),
  legal_name: editText(200),
  ownership_type: editEnum(enrollmentOwnershipTypes),
  fed_tx_id: editSensitive(isTaxId, EnrollmentRecordText.TaxIdInvalid),
  business_description: editText(1000),
  start_date: editPattern(/^\d{4}-\d{2}-\d{2}$/, 'Start date must be YYYY-MM-DD.', 10),
  business_address_one: editText(200),
  business_address_two: editText(200),
  business_city: editText(100),
  business_state_province: editPattern(statePattern, EnrollmentRecordText.StateInvalid, 2),
  business_postal_code: editPattern(zipPattern, EnrollText.ZipInvalid, 10),
  // The application's e-mail is required: it can change, not go.
  email: z
    .string({ error: EnrollText.EmailRequired })
    .trim()
    .max(254)
    .transform((value, ctx) => {
      const message =
        value === '' ? EnrollText.EmailRequired : emailPattern.test(value) ? null : EnrollText.EmailInvalid;
      if (message === null) return value;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .optional(),
  business_phone_number: editText(30),
  website: editText(300),
  ...prefixed('principal_', principalEditShape),
  ...prefixed('two_principal_', principalEditShape),
  ...prefixed('three_principal_', principalEditShape),
  ...prefixed('four_principal_', principalEditShape),
  account_number: editSensitive((text) => /^\d{4,17}$/.test(text), EnrollmentRecordText.AccountNumberInvalid),
  routing_number: editSensitive((text) => /^\d{9}$/.test(text), EnrollmentRecordText.RoutingNumberInvalid),
  account_type: editEnum(bankAccountTypes),
  payment: editEnum(cardProcessors),
  card_rate: z
    .string()
    .trim()
    .max(40)
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value === '') return null;
      if (!flatRatePattern.test(value) && !interchangePlusPattern.test(value)) {
        ctx.addIssue({ code: 'custom', message: EnrollmentRecordText.RateInvalid });
        return z.NEVER;
      }
      return value;
    })
    .optional(),
  card_p2c: z.boolean().optional(),
  ach: editEnum(achProcessors),
  ach_rate: editPattern(flatRatePattern, EnrollmentRecordText.FlatRateInvalid, 40),
  ach_p2c: z.boolean().optional(),
  crypto: editEnum(cryptoProviders),
  crypto_rate: editPattern(flatRatePattern, EnrollmentRecordText.FlatRateInvalid, 40),
  crypto_p2c: z.boolean().optional(),
  devices: editEnum(terminalBrands),
  settlement: editEnum(settlementModes),
  mcc_code: editPattern(/^\d{4}$/, EnrollmentRecordText.MccInvalid, 4),
  label: editText(200),
  mark_up: editText(50),
  rev_share: editPercent,
  card_swiped: editMix,
  keyed_card_present_not_imprinted: editMix,
  mail_or_phone_order: editMix,
  internet: editMix,
  high_ticket: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  avg_ticket: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  monthly_volume: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  monthly_high_volume: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  low_rate: editPattern(flatRatePattern, EnrollmentRecordText.FlatRateInvalid, 40),
  etf: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  reg_fee: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  pci_fee: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  monthly_fee: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  monthly_min: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  annual_fee: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  chargeback_fee: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  retrieval_fee: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  ach_noc: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  ach_return: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
  tin_mismatch: editPattern(amountPattern, EnrollmentRecordText.AmountInvalid),
});
export type EnrollmentEditMetaInput = z.input<typeof enrollmentEditMeta>;
export type EnrollmentEditMeta = z.output<typeof enrollmentEditMeta>;
export type EditableFieldName = Exclude<keyof EnrollmentEditMetaInput, 'id'>;

// The edit's body: { meta: JSON string of the record including id }.
export const enrollmentEditBody = z.strictObject({
  meta: z
    .string()
    .max(100_000)
    .transform(parseJsonObject(EnrollmentRecordText.MetaNotJson))
    .pipe(enrollmentEditMeta),
});
export type EnrollmentEditBody = z.input<typeof enrollmentEditBody>;

export const enrollmentEditResponse = successEnvelope(
  z.object({ id: z.uuid(), updated_at: z.iso.datetime({ offset: true }) }),
);

// ---- Page rules ----

// The welcome e-mail panel's warning, or null when there is nothing to say.
export function welcomeEmailNotice(
  enrollEmail: WelcomeEmailMode | null,
  message: string | null,
): string | null {
  if (enrollEmail === 'false') return EnrollmentRecordText.WelcomeEmailOff;
  if (enrollEmail !== null && (message ?? '').trim() === '') return EnrollmentRecordText.WelcomeEmailEmpty;
  return null;
}

// The header's business name: agents enroll as a person.
export function enrollmentDisplayName(
  record: Pick<EnrollmentRecord, 'dba_name' | 'legal_name' | 'first_name' | 'last_name'>,
): string {
  const person = [record.first_name, record.last_name].filter(Boolean).join(' ');
  return record.dba_name ?? record.legal_name ?? (person || 'Enrollment');
}
