import { z } from 'zod';
import { isValidEmailAddress, normalizeEmailAddress } from '../auth/email-address';
import { successEnvelope } from '../common/envelope';
import { EnrollText, enrollmentStatuses, zipPattern } from './enroll';

// The click-to-agree (CTA) e-mail staff send, the
// public application the merchant completes through its link, the terms it agrees to.

// The link is a signed capability for one enrollment, valid this long after it was sent.
export const ctaLinkValidityDays = 14;
// CTA e-mails go to at most 3 recipients.
export const maxCtaRecipients = 3;
// Principals 1 to 4.
export const maxCtaOwners = 4;

export const CtaText = {
  PanelTitle: 'Enrollment Click-to-Agree Form',
  Sent: 'CTA Sent!',
  NoEmail: 'No email address available to send CTA to',
  SendFailed: 'Failed to send the email',
  TooManyRecipients: `At most ${maxCtaRecipients} recipients are allowed.`,
  InvalidRecipient: 'One or more recipients are not valid e-mail addresses.',
  LinkInvalid: 'This enrollment link is invalid or has expired.',
  AlreadyAgreed: 'This application has already been agreed to and cannot be submitted again.',
  NotSendable: 'This enrollment has already been agreed to or decided; no CTA can be sent.',
  NotSubmittable: 'This application can no longer be changed.',
  NotFound: 'Enrollment not found',
  TermsNotFound: 'Terms not found',
  Required: 'This field is required.',
  EmailInvalid: EnrollText.EmailInvalid,
  ZipInvalid: EnrollText.ZipInvalid,
  StateInvalid: 'State must be two uppercase letters.',
  DateInvalid: 'Date must be YYYY-MM-DD.',
  PhoneInvalid: 'Enter a phone number with 10 to 15 digits.',
  WebsiteInvalid: 'Enter a valid website address.',
  TaxIdInvalid: 'Federal tax ID must be 9 digits.',
  SsnInvalid: 'SSN must be 9 digits.',
  PercentInvalid: 'Enter a percentage from 0 to 100 with at most 2 decimals.',
  OwnershipTotal: 'Ownership of all owners cannot exceed 100%.',
  MixPercentInvalid: 'Enter a whole percentage from 0 to 100.',
  MixTotal: 'Transaction mix must add up to 100%.',
  AccountNumberInvalid: 'Account number must be 4 to 17 digits.',
  RoutingNumberInvalid: 'Routing number must be 9 digits with a valid check digit.',
  AgreeRequired: 'You must agree to the terms and conditions.',
  Submitted: 'Thank you! Your application has been submitted.',
  SubmitFailed: 'Your application could not be submitted. Please try again.',
} as const;

export const CtaErrorCode = {
  NoEmail: 'CTA_NO_EMAIL',
  TooManyRecipients: 'CTA_TOO_MANY_RECIPIENTS',
  InvalidRecipient: 'CTA_INVALID_RECIPIENT',
  SendFailed: 'CTA_SEND_FAILED',
  NotSendable: 'CTA_NOT_SENDABLE',
  NotFound: 'CTA_ENROLLMENT_NOT_FOUND',
  LinkInvalid: 'CTA_LINK_INVALID',
  AlreadyAgreed: 'CTA_ALREADY_AGREED',
  NotSubmittable: 'CTA_NOT_SUBMITTABLE',
  TermsNotFound: 'CTA_TERMS_NOT_FOUND',
} as const;

// Business structure options, in the product's order.
export const businessStructures = [
  'Sole Proprietor',
  'LLC Private',
  'LLC Public',
  'S-Corp Public',
  'S-Corp Private',
  'C-Corp Public',
  'C-Corp Private',
  'Not For Profit',
  'Partnership Private',
  'Partnership',
  'Government',
] as const;
export type BusinessStructure = (typeof businessStructures)[number];

export function isBusinessStructure(value: string): value is BusinessStructure {
  return businessStructures.some((structure) => structure === value);
}

// Settlement account types.
export const settlementAccountTypes = ['checking', 'savings'] as const;
export type SettlementAccountType = (typeof settlementAccountTypes)[number];

export function isSettlementAccountType(value: string): value is SettlementAccountType {
  return settlementAccountTypes.some((type) => type === value);
}

// Transaction mix categories, as percent of transactions.
export const transactionMixCategories = [
  ['card_swiped', 'Card Swiped'],
  ['keyed_card_present_not_imprinted', 'Keyed, Card Present, Not Imprinted'],
  ['mail_or_phone_order', 'Mail or Phone Order'],
  ['internet', 'Internet'],
] as const;
export type TransactionMixCategory = (typeof transactionMixCategories)[number][0];

// ---- The link ----

// 'v1.<expiry, unix seconds>.<HMAC-SHA256, base64url>'; the server alone can make one.
export const ctaTokenPattern = /^v1\.\d{1,12}\.[A-Za-z0-9_-]{43}$/;
export const ctaTokenSchema = z.string().max(80).regex(ctaTokenPattern);

// /enroll/{parent_id}/{id}, or /enroll/{id} for an enrollment without a parent.
export function ctaApplicationPath(enrollmentId: string, parentId: string | null): string {
  return parentId === null ? `/enroll/${enrollmentId}` : `/enroll/${parentId}/${enrollmentId}`;
}

// /terms/{id} (an enrollment) and /terms/{id}/{enrollment_id} (an account).
export function termsPath(enrollmentId: string): string {
  return `/terms/${enrollmentId}`;
}

// ---- Sending the CTA e-mail (staff) ----

export type CtaRecipients =
  | { kind: 'quick' }
  | { kind: 'list'; addresses: string[] }
  | { kind: 'invalid'; reason: 'too_many' | 'invalid' };

// At most 3 recipients, empty entries ignored (lowercased, duplicates dropped). No entry at
// all is the quick send to the record's primary e-mail.
export function ctaRecipientsOf(entries: readonly string[] | undefined): CtaRecipients {
  const addresses = [...new Set((entries ?? []).map(normalizeEmailAddress).filter((entry) => entry !== ''))];
  if (addresses.length === 0) return { kind: 'quick' };
  if (addresses.length > maxCtaRecipients) return { kind: 'invalid', reason: 'too_many' };
  if (!addresses.every(isValidEmailAddress)) return { kind: 'invalid', reason: 'invalid' };
  return { kind: 'list', addresses };
}

export const ctaSendBody = z.strictObject({
  id: z.uuid(),
  // The panel's inputs, empty ones included; the count rule applies to the filled ones.
  recipients: z.array(z.string().max(254)).max(10).optional(),
});
export type CtaSendBody = z.infer<typeof ctaSendBody>;

export const ctaSendResponse = successEnvelope(
  z.object({
    recipients: z.number().int().positive(),
    status: z.literal('cta_sent'),
    cta_sent_at: z.iso.datetime({ offset: true }),
  }),
);
export type CtaSendResult = z.infer<typeof ctaSendResponse>['message'];

// ---- The application form: the browser's values and the body of the agree call ----

const ssnPattern = /^\d{3}-?\d{2}-?\d{4}$/;
const taxIdPattern = /^\d{2}-?\d{7}$/;
const statePattern = /^[A-Z]{2}$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const percentPattern = /^\d{1,3}(\.\d{1,2})?$/;
const wholePercentPattern = /^\d{1,3}$/;
const websitePattern = /^(https?:\/\/)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(:\d{1,5})?(\/\S*)?$/;

export function isCalendarDate(text: string): boolean {
  if (!isoDatePattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

// ABA routing numbers carry a check digit: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10).
export function isValidRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const d = [...text].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = d.reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0);
  return sum % 10 === 0;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isPercentUpTo100(text: string, pattern: RegExp): boolean {
  return pattern.test(text) && Number(text) <= 100;
}

// Hundredths of a percent, so totals never meet floating point.
function hundredthsOf(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

// An empty field says only that it is required, not also that its format is wrong.
const filled = () => z.string().trim().min(1, { error: CtaText.Required, abort: true });
const required = (max: number) => filled().max(max);
const optionalText = (max: number) => z.string().trim().max(max);
const patterned = (pattern: RegExp, message: string) => filled().regex(pattern, message);
const requiredState = patterned(statePattern, CtaText.StateInvalid);
const requiredZip = patterned(zipPattern, CtaText.ZipInvalid);
const phone = filled()
  .max(30)
  .refine((value) => /^[\d\s()+.-]+$/.test(value), CtaText.PhoneInvalid)
  .refine((value) => digitsOnly(value).length >= 10 && digitsOnly(value).length <= 15, CtaText.PhoneInvalid);

export const ctaOwnerSchema = z.strictObject({
  first_name: required(100),
  last_name: required(100),
  title: required(100),
  ownership_percent: filled().refine(
    (value) => isPercentUpTo100(value, percentPattern),
    CtaText.PercentInvalid,
  ),
  ssn: patterned(ssnPattern, CtaText.SsnInvalid),
  date_of_birth: filled().refine(isCalendarDate, CtaText.DateInvalid),
  phone_number: phone,
  address_line_one: required(200),
  address_line_two: optionalText(200),
  city: required(100),
  state_province: requiredState,
  postal_code: requiredZip,
});
export type CtaOwner = z.infer<typeof ctaOwnerSchema>;

const mixPercent = filled().refine(
  (value) => isPercentUpTo100(value, wholePercentPattern),
  CtaText.MixPercentInvalid,
);

export const ctaApplicationSchema = z.strictObject({
  business: z.strictObject({
    dba_name: required(200),
    legal_name: required(200),
    // Text rather than an enum so the form can start empty; the refinement keeps it to the list.
    ownership_type: z.string().refine(isBusinessStructure, CtaText.Required),
    fed_tx_id: patterned(taxIdPattern, CtaText.TaxIdInvalid),
    business_description: required(1000),
    start_date: z
      .string()
      .trim()
      .refine((value) => value === '' || isCalendarDate(value), CtaText.DateInvalid),
    website: optionalText(300).refine((value) => value === '' || websitePattern.test(value), {
      message: CtaText.WebsiteInvalid,
    }),
  }),
  address: z.strictObject({
    business_address_one: required(200),
    business_address_two: optionalText(200),
    business_city: required(100),
    business_state_province: requiredState,
    business_postal_code: requiredZip,
  }),
  contact: z.strictObject({
    first_name: required(100),
    last_name: required(100),
    email: filled()
      .max(254)
      .refine((value) => isValidEmailAddress(normalizeEmailAddress(value)), CtaText.EmailInvalid),
    business_phone_number: phone,
  }),
  owners: z
    .array(ctaOwnerSchema)
    .min(1)
    .max(maxCtaOwners)
    // Runs even while another owner field is still empty, so the total shows as soon as it is wrong.
    .refine((owners) => !isOwnershipOver100(owners), {
      error: CtaText.OwnershipTotal,
      when: (payload) => Array.isArray(payload.value),
    }),
  settlement: z.strictObject({
    account_number: filled().refine((value) => /^\d{4,17}$/.test(value), CtaText.AccountNumberInvalid),
    routing_number: filled().refine(isValidRoutingNumber, CtaText.RoutingNumberInvalid),
    account_type: z.string().refine(isSettlementAccountType, CtaText.Required),
  }),
  transaction_mix: z
    .strictObject({
      card_swiped: mixPercent,
      keyed_card_present_not_imprinted: mixPercent,
      mail_or_phone_order: mixPercent,
      internet: mixPercent,
    })
    .refine(
      (mix) => {
        const total = transactionMixTotal(mix);
        return total === null || total === 100;
      },
      { error: CtaText.MixTotal, when: (payload) => isObject(payload.value) },
    ),
  agreed: z.boolean().refine((value) => value, CtaText.AgreeRequired),
});
// The form's values (selects start empty) and the checked body the server stores.
export type CtaApplicationValues = z.input<typeof ctaApplicationSchema>;
export type CtaApplication = z.output<typeof ctaApplicationSchema>;

// The sum of the four categories, or null while one is not a whole percentage yet. Written for
// half-parsed input too: the schema runs it while other fields still fail.
export function transactionMixTotal(mix: Record<TransactionMixCategory, string>): number | null {
  let total = 0;
  for (const [category] of transactionMixCategories) {
    const value: unknown = mix[category];
    if (typeof value !== 'string' || !wholePercentPattern.test(value.trim())) return null;
    total += Number(value.trim());
  }
  return total;
}

// Only once every owner's percentage reads as one; counted in hundredths of a percent.
export function isOwnershipOver100(owners: readonly { ownership_percent: string }[]): boolean {
  const items: unknown[] = [...owners];
  const percents = items.map((owner) => (isObject(owner) ? Reflect.get(owner, 'ownership_percent') : null));
  let total = 0;
  for (const percent of percents) {
    if (typeof percent !== 'string' || !percentPattern.test(percent.trim())) return false;
    total += hundredthsOf(percent.trim());
  }
  return total > 100 * 100;
}

export function emptyCtaOwner(): CtaOwner {
  return {
    first_name: '',
    last_name: '',
    title: '',
    ownership_percent: '',
    ssn: '',
    date_of_birth: '',
    phone_number: '',
    address_line_one: '',
    address_line_two: '',
    city: '',
    state_province: '',
    postal_code: '',
  };
}

export const ctaAgreeResponse = successEnvelope(
  z.object({ status: z.literal('cta_signed'), agreed_at: z.iso.datetime({ offset: true }) }),
);

// ---- The application as the link shows it: sensitive numbers by their last four only ----

const nullableText = z.string().nullable();

export const ctaApplicationView = z.object({
  id: z.uuid(),
  parent_id: z.uuid().nullable(),
  parent_name: nullableText,
  status: z.enum(enrollmentStatuses).nullable(),
  // false once agreed, approved or rejected: the link then shows the read-only result.
  can_submit: z.boolean(),
  agreed_at: z.iso.datetime({ offset: true }).nullable(),
  business: z.object({
    dba_name: nullableText,
    legal_name: nullableText,
    ownership_type: nullableText,
    fed_tx_id_last4: nullableText,
    business_description: nullableText,
    start_date: nullableText,
    website: nullableText,
  }),
  address: z.object({
    business_address_one: nullableText,
    business_address_two: nullableText,
    business_city: nullableText,
    business_state_province: nullableText,
    business_postal_code: nullableText,
  }),
  contact: z.object({
    first_name: nullableText,
    last_name: nullableText,
    email: nullableText,
    business_phone_number: nullableText,
  }),
  owners: z.array(
    z.object({
      position: z.number().int().min(1).max(maxCtaOwners),
      first_name: nullableText,
      last_name: nullableText,
      title: nullableText,
      ownership_percent: nullableText,
      ssn_last4: nullableText,
      has_date_of_birth: z.boolean(),
      phone_number: nullableText,
      address_line_one: nullableText,
      address_line_two: nullableText,
      city: nullableText,
      state_province: nullableText,
      postal_code: nullableText,
    }),
  ),
  settlement: z.object({
    account_number_last4: nullableText,
    routing_number_last4: nullableText,
    account_type: nullableText,
  }),
  transaction_mix: z.object({
    card_swiped: z.number().int().nullable(),
    keyed_card_present_not_imprinted: z.number().int().nullable(),
    mail_or_phone_order: z.number().int().nullable(),
    internet: z.number().int().nullable(),
  }),
});
export type CtaApplicationView = z.infer<typeof ctaApplicationView>;
export const ctaApplicationResponse = successEnvelope(ctaApplicationView);

export const ctaEnrollmentParams = z.strictObject({ id: z.uuid() });
export const ctaTokenQuery = z.strictObject({ token: ctaTokenSchema });

// ---- Terms ----

export const termsParams = z.strictObject({ id: z.uuid() });
export const accountTermsParams = z.strictObject({ id: z.uuid(), enrollment_id: z.uuid() });

export const termsView = z.object({
  title: z.string(),
  version: z.string(),
  parent_legal_name: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
});
export type TermsView = z.infer<typeof termsView>;
export const termsResponse = successEnvelope(termsView);
