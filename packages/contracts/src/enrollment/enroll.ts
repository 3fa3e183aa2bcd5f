import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { parseDecimalToCents } from '../money/money';

// The enroll page's form, the body it sends and the rules the server checks again on that body.

export const EnrollText = {
  Title: 'Enroll',
  EmailRequired: 'Email is required.',
  EmailInvalid: 'Invalid email address.',
  ParentRequired: 'Parent is required.',
  DbaRequired: 'Business Name (DBA) is required.',
  LegalNameRequired: 'Legal Business Name is required.',
  FirstNameRequired: 'First Name is required.',
  LastNameRequired: 'Last Name is required.',
  MccRequired: 'MCC Code is required.',
  LevelRequired: 'Company Level is required.',
  ZipInvalid: 'Invalid ZIP code format.',
  PdfOnly: 'Only PDF documents are allowed.',
  FixErrors: 'Please fix the errors in the form before submitting.',
  Success: 'Success!',
  NoMimicPermission: 'User does not have MIMIC permission.',
  ParentNotAllowed: 'You may not enroll under this parent.',
  MccNotApproved: 'MCC Code is not approved.',
} as const;

export function enrollFailedText(supportEmail: string): string {
  return `Enrollment Failed - Please Retry Or Contact Us ${supportEmail}`;
}

export const EnrollErrorCode = {
  ParentNotAllowed: 'ENROLL_PARENT_NOT_ALLOWED',
  MccNotApproved: 'ENROLL_MCC_NOT_APPROVED',
  DocumentContent: 'ENROLL_DOCUMENT_CONTENT',
} as const;

export const enrollTabs = ['Merchant', 'Partner', 'Agent'] as const;
export type EnrollTab = (typeof enrollTabs)[number];
export const pricingModels = ['FlatPercent', 'InterchangePlus'] as const;
export type PricingModel = (typeof pricingModels)[number];
export const defaultPricingModel: PricingModel = 'FlatPercent';
export const companyLevels = ['Parent', 'Merchant'] as const;

// Partners become parents of their own merchants; merchants are merchants; agents are people.
export function levelOfTab(tab: EnrollTab): '' | (typeof companyLevels)[number] {
  if (tab === 'Merchant') return 'Merchant';
  if (tab === 'Partner') return 'Parent';
  return '';
}

// The 50 states with their 2-letter codes (Partner's Business State).
export const usStates = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const satisfies readonly (readonly [string, string])[];
const stateCodes: readonly string[] = usStates.map(([code]) => code);
const stateCode = z.string().refine((code) => stateCodes.includes(code), 'Unknown state');

// Input filters: pattern inputs ignore typing that fails the pattern.
export const zipPattern = /^\d{5}(-\d{4})?$/;
export const percentInputPattern = /^\d*(\.\d{0,2})?$/;
export const digitsInputPattern = /^\d*$/;

export function stripZipInput(text: string): string {
  return text.replace(/[^\d-]/g, '');
}

export function isPdfFileName(fileName: string): boolean {
  return /\.pdf$/i.test(fileName.trim());
}

// A simple, strict e-mail shape.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type EnrollRuleInput = {
  application_type: EnrollTab;
  email?: string | undefined;
  parent?: string | undefined;
  dba_name?: string | undefined;
  legal_name?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
  mcc_code?: string | undefined;
  level?: string | undefined;
  business_postal_code?: string | undefined;
  document?: { name: string } | null | undefined;
};

export type EnrollRuleIssue = { path: string; message: string };

function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

// Enroll form rules; the page and the server run this same function.
export function enrollRuleIssues(input: EnrollRuleInput): EnrollRuleIssue[] {
  const issues: EnrollRuleIssue[] = [];
  const tab = input.application_type;
  if (isBlank(input.email)) issues.push({ path: 'email', message: EnrollText.EmailRequired });
  else if (!emailPattern.test(input.email?.trim() ?? ''))
    issues.push({ path: 'email', message: EnrollText.EmailInvalid });
  if (isBlank(input.parent)) issues.push({ path: 'parent', message: EnrollText.ParentRequired });
  if (tab === 'Merchant' || tab === 'Partner') {
    if (isBlank(input.dba_name)) issues.push({ path: 'dba_name', message: EnrollText.DbaRequired });
    if (isBlank(input.legal_name)) issues.push({ path: 'legal_name', message: EnrollText.LegalNameRequired });
  } else {
    if (isBlank(input.first_name)) issues.push({ path: 'first_name', message: EnrollText.FirstNameRequired });
    if (isBlank(input.last_name)) issues.push({ path: 'last_name', message: EnrollText.LastNameRequired });
  }
  if (tab === 'Merchant') {
    if (isBlank(input.mcc_code)) issues.push({ path: 'mcc_code', message: EnrollText.MccRequired });
    if (isBlank(input.level)) issues.push({ path: 'level', message: EnrollText.LevelRequired });
  } else {
    const zip = input.business_postal_code?.trim() ?? '';
    if (zip !== '' && !zipPattern.test(zip))
      issues.push({ path: 'business_postal_code', message: EnrollText.ZipInvalid });
  }
  if (input.document && !isPdfFileName(input.document.name))
    issues.push({ path: 'document', message: EnrollText.PdfOnly });
  return issues;
}

// ---- The form (browser) ----

const percentField = z.string().regex(percentInputPattern, 'At most 2 decimals');
const digitsField = z.string().regex(digitsInputPattern, 'Digits only');

export const enrollDocumentSchema = z.strictObject({
  name: z.string().min(1).max(255),
  extension: z.string().min(1).max(10),
  // Base64 text of the file; 10 MB of content at most.
  content: z
    .string()
    .min(1)
    .max(Math.ceil((10 * 1024 * 1024) / 3) * 4 + 4),
});
export type EnrollDocument = z.infer<typeof enrollDocumentSchema>;

export const enrollFormSchema = z
  .object({
    application_type: z.enum(enrollTabs),
    dba_name: z.string(),
    legal_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    mcc_code: z.string(),
    parent: z.string(),
    level: z.string(),
    monthly_volume: z.string(),
    pricing_model: z.enum(pricingModels),
    card_percent: percentField,
    card_per_transaction: z.string(),
    ic_bps: digitsField,
    ic_cents: digitsField,
    ach_percent: percentField,
    ach_per_transaction: z.string(),
    principal_first_name: z.string(),
    principal_last_name: z.string(),
    principal_date_of_birth: z.string(),
    business_address_1: z.string(),
    business_state_province: z.string(),
    business_postal_code: z.string(),
    document: enrollDocumentSchema.nullable(),
  })
  .superRefine((values, ctx) => {
    for (const issue of enrollRuleIssues(values)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
export type EnrollFormValues = z.infer<typeof enrollFormSchema>;

// A fresh form of one tab: switching tabs resets everything, pricing to Flat Percent.
export function emptyEnrollForm(tab: EnrollTab): EnrollFormValues {
  return {
    application_type: tab,
    dba_name: '',
    legal_name: '',
    first_name: '',
    last_name: '',
    email: '',
    mcc_code: '',
    parent: '',
    level: levelOfTab(tab),
    monthly_volume: '',
    pricing_model: defaultPricingModel,
    card_percent: '',
    card_per_transaction: '',
    ic_bps: '',
    ic_cents: '',
    ach_percent: '',
    ach_per_transaction: '',
    principal_first_name: '',
    principal_last_name: '',
    principal_date_of_birth: '',
    business_address_1: '',
    business_state_province: '',
    business_postal_code: '',
    document: null,
  };
}

// ---- The enroll call body (server) ----

const text = (max: number) => z.string().trim().min(1).max(max);
const decimalText = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);
// Pricing strings: '2.90+0.30' and 'IC+10bps+5c'; sub-pricing reads them too.
export const flatRate = /^\d{1,3}(\.\d{1,2})?\+\d{1,6}(\.\d{1,2})?$/;
export const interchangePlusRate = /^IC\+\d{1,4}bps\+\d{1,4}c$/;

export const enrollPrincipalSchema = z.strictObject({
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  ssn: z
    .string()
    .regex(/^\d{3}-?\d{2}-?\d{4}$/)
    .optional(),
  date_of_birth: z.iso.date().optional(),
  ownership_percentage: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/)
    .optional(),
  title: text(100).optional(),
  phone_number: text(30).optional(),
  address_line_1: text(200).optional(),
  address_line_2: text(200).optional(),
  city: text(100).optional(),
  state_province: stateCode.optional(),
  postal_code: z.string().regex(zipPattern).optional(),
});
export type EnrollPrincipal = z.infer<typeof enrollPrincipalSchema>;

export const ownershipTypes = [
  'Sole Proprietor',
  'C-Corp Private',
  'C-Corp Public',
  'S-Corp Private',
  'S-Corp Public',
  'LLC Private',
  'LLC Public',
  'Not For Profit',
  'Partnership Private',
  'Partnership',
  'Government Agency',
] as const;

export const enrollBody = z
  .strictObject({
    dba_name: text(200).optional(),
    legal_name: text(200).optional(),
    first_name: text(100).optional(),
    last_name: text(100).optional(),
    business_description: text(1000).optional(),
    start_date: z.iso.date().optional(),
    ownership_type: z.enum(ownershipTypes).optional(),
    business_phone_number: text(30).optional(),
    email: z.string().max(254).optional(),
    website: text(300).optional(),
    avg_ticket: decimalText.optional(),
    monthly_volume: decimalText.optional(),
    business_address_1: text(200).optional(),
    business_address_2: text(200).optional(),
    business_city: text(100).optional(),
    business_state_province: stateCode.optional(),
    // Checked by the ZIP rule below so the answer carries its text.
    business_postal_code: z.string().max(10).optional(),
    account_number: z
      .string()
      .regex(/^\d{4,17}$/)
      .optional(),
    routing_number: z
      .string()
      .regex(/^\d{9}$/)
      .optional(),
    account_type: z.enum(['savings', 'checking', 'business']).optional(),
    percent_of_business_type: z.string().max(100).optional(),
    // The federal tax id (stored encrypted like the SSNs).
    fed_tx_id: z
      .string()
      .regex(/^\d{2}-?\d{7}$/)
      .optional(),
    principals: z.array(enrollPrincipalSchema).max(4).optional(),
    document: enrollDocumentSchema.optional(),
    parent: z.string().optional(),
    is_from_portal: z.boolean().optional(),
    application_type: z.enum(enrollTabs),
    mcc_code: z.string().max(4).optional(),
    level: z.enum(companyLevels).optional(),
    ach_rate: z.string().regex(flatRate).optional(),
    card_rate: z
      .string()
      .refine((rate) => flatRate.test(rate) || interchangePlusRate.test(rate))
      .optional(),
    isAgent: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    for (const issue of enrollRuleIssues(body)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
    if (body.parent !== undefined && !z.uuid().safeParse(body.parent).success)
      ctx.addIssue({ code: 'custom', path: ['parent'], message: EnrollText.ParentRequired });
    if (body.mcc_code !== undefined && !/^\d{4}$/.test(body.mcc_code))
      ctx.addIssue({ code: 'custom', path: ['mcc_code'], message: EnrollText.MccRequired });
  });
export type EnrollBody = z.infer<typeof enrollBody>;

export const enrollResponse = successEnvelope(z.object({ id: z.uuid() }));

// Strips a '$' sign and spaces from a per-transaction amount.
function amountText(value: string): string {
  return value.replace(/[$\s]/g, '');
}

function present(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

// Enroll call body: the form's fields with empty values removed, plus parent,
// is_from_portal and application_type; the agent and merchant extras.
export function buildEnrollBody(values: EnrollFormValues): EnrollBody {
  const tab = values.application_type;
  const body: EnrollBody = { application_type: tab, is_from_portal: true };
  const set = <K extends keyof EnrollBody>(key: K, value: EnrollBody[K] | undefined) => {
    if (value !== undefined) body[key] = value;
  };
  set('email', present(values.email));
  set('parent', present(values.parent));
  if (values.document) body.document = values.document;
  if (tab === 'Agent') {
    set('first_name', present(values.first_name));
    set('last_name', present(values.last_name));
    body.isAgent = true;
    return body;
  }
  set('dba_name', present(values.dba_name));
  set('legal_name', present(values.legal_name));
  if (tab === 'Partner') {
    const level = present(values.level);
    if (level === 'Parent' || level === 'Merchant') body.level = level;
    set('business_address_1', present(values.business_address_1));
    set('business_state_province', present(values.business_state_province));
    set('business_postal_code', present(values.business_postal_code));
    const principal: EnrollPrincipal = {};
    const firstName = present(values.principal_first_name);
    const lastName = present(values.principal_last_name);
    const dateOfBirth = present(values.principal_date_of_birth);
    if (firstName) principal.first_name = firstName;
    if (lastName) principal.last_name = lastName;
    if (dateOfBirth) principal.date_of_birth = dateOfBirth;
    if (Object.keys(principal).length > 0) body.principals = [principal];
    return body;
  }
  set('mcc_code', present(values.mcc_code));
  const level = present(values.level);
  if (level === 'Parent' || level === 'Merchant') body.level = level;
  set('monthly_volume', present(values.monthly_volume.replace(/,/g, '')));
  const achPercent = present(values.ach_percent);
  const achPerTransaction = present(amountText(values.ach_per_transaction));
  if (achPercent !== undefined && achPerTransaction !== undefined)
    body.ach_rate = `${achPercent}+${achPerTransaction}`;
  if (values.pricing_model === 'InterchangePlus') {
    const bps = present(values.ic_bps);
    const cents = present(values.ic_cents);
    if (bps !== undefined && cents !== undefined) body.card_rate = `IC+${bps}bps+${cents}c`;
  } else {
    const percent = present(values.card_percent);
    const perTransaction = present(amountText(values.card_per_transaction));
    if (percent !== undefined && perTransaction !== undefined)
      body.card_rate = `${percent}+${perTransaction}`;
  }
  return body;
}

// Money fields of the body as integer cents.
export function centsOf(value: string | undefined): number | null {
  return value === undefined ? null : parseDecimalToCents(value);
}

// ---- Options ----

// GET /api/approved-mcc-codes: map of code to description.
export const approvedMccCodesResponse = successEnvelope(z.record(z.string(), z.string()));

export type MccOption = { code: string; label: string };

// '{description} #{code}', sorted by label.
export function mccOptions(codes: Record<string, string>): MccOption[] {
  return Object.entries(codes)
    .map(([code, description]) => ({ code, label: `${description} #${code}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export const parentOptionSchema = z.object({ parent_id: z.uuid(), name: z.string() });
export type ParentOption = z.infer<typeof parentOptionSchema>;
export const parentAssignmentResponse = successEnvelope(z.array(parentOptionSchema));

// ---- Statuses of an enrollment ----

// Application statuses; null is New.
export const applicationStatuses = ['SEND LINK', 'PENDING', 'BOARDED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
// Client statuses (the enrollment's onboarding stage); null is New.
export const enrollmentStatuses = [
  'cta_sent',
  'cta_signed',
  'in_development',
  'onboarding',
  'Active',
  'Inactive',
] as const;
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];

// Every page writes a status the same way, as words; the codes stay on the wire.
const applicationStatusLabels: Record<ApplicationStatus | 'NEW', string> = {
  NEW: 'New',
  // The incomplete application whose link is out.
  'SEND LINK': 'Link sent',
  PENDING: 'Pending',
  BOARDED: 'Boarded',
  REJECTED: 'Rejected',
};
const enrollmentStatusLabels: Record<EnrollmentStatus, string> = {
  cta_sent: 'CTA sent',
  cta_signed: 'CTA signed',
  in_development: 'In development',
  onboarding: 'Onboarding',
  Active: 'Active',
  Inactive: 'Inactive',
};

// null is a fresh application: New.
export function applicationStatusLabel(status: ApplicationStatus | null): string {
  return applicationStatusLabels[status ?? 'NEW'];
}

export function enrollmentStatusLabel(status: EnrollmentStatus | null): string {
  return status === null ? 'New' : enrollmentStatusLabels[status];
}

// The onboarding grid's Status filter and cells: code (NEW for null) to label.
export const applicationStatusEnumLabels: Readonly<Record<string, string>> = applicationStatusLabels;

// ---- Onboarding list ----

export const onboardingRowSchema = z.object({
  id: z.uuid(),
  dba_name: z.string().nullable(),
  legal_name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  application_status: z.enum(applicationStatuses).nullable(),
});
export type OnboardingRow = z.infer<typeof onboardingRowSchema>;
export const onboardingListResponse = successEnvelope(z.array(onboardingRowSchema));
