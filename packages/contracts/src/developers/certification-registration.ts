import { z } from 'zod';
import { isValidEmailAddress } from '../auth/email-address';
import { successEnvelope } from '../common/envelope';

// Developer certification: the 4-step
// registration form of /certregistration and POST /api/certregistration, which stores it and e-mails
// the sandbox test instructions.

export const CertificationRegistrationText = {
  Title: 'Developer Certification Registration',
  FullNameRequired: 'Your full name is required.',
  EmailRequired: 'Your work email address is required.',
  EmailInvalid: 'Please enter a valid work email address.',
  CompanyRequired: 'Your company name is required.',
  SelectIntegrationNeeds: 'Please make sure you have selected your integration needs.',
  CallbackUrlHttps: 'The callback URL must be a full https:// address.',
  ThankYouTitle: 'Thank You',
  ThankYou: 'Your registration has been completed. Check your inbox for further instructions.',
  EmailFailed: 'Failed to send the email.',
  // Shown with the confirmation.
  CallbackDelay: 'Callback webhooks may take up to 24 hours to begin.',
} as const;

export const CertificationRegistrationErrorCode = {
  InstructionsNotSent: 'CERTIFICATION_INSTRUCTIONS_NOT_SENT',
} as const;

// Merchant count bands.
export const merchantCountBands = ['0-50', '51-200', '201-500', '501-1000', '1000+'] as const;
export type MerchantCountBand = (typeof merchantCountBands)[number];

export type CertificationFeatureOption = { value: string; label: string };
export type CertificationFeatureGroup = {
  title: string;
  features: readonly CertificationFeatureOption[];
};

// Step 2: the features the integration needs, then the optional ones by channel.
export const requiredFeatureGroup = {
  title: 'Required Features',
  features: [
    { value: 'merchant_enrollment', label: 'Enrolling and managing merchants' },
    { value: 'transaction_reports', label: 'Transaction history and reports' },
    { value: 'monthly_statements', label: 'Monthly statements' },
    { value: 'void_refund', label: 'Voiding and refunding' },
    { value: 'webhook_callbacks', label: 'Webhook callbacks' },
  ],
} as const satisfies CertificationFeatureGroup;

export const optionalFeatureGroups = [
  {
    title: 'Iframe',
    features: [
      { value: 'iframe_card', label: 'Card payments' },
      { value: 'iframe_ach', label: 'ACH payments' },
      { value: 'iframe_tokenized', label: 'Saved (tokenized) payment methods' },
      { value: 'iframe_subscriptions', label: 'Subscriptions' },
    ],
  },
  {
    title: 'Terminals (Card Present)',
    features: [{ value: 'terminal_card_present', label: 'Card present payments' }],
  },
  {
    title: 'API',
    features: [
      { value: 'api_card', label: 'Card authorize and settle' },
      { value: 'api_ach', label: 'ACH payments' },
      { value: 'api_tokenized', label: 'Tokenized payments' },
      { value: 'api_subscriptions', label: 'Subscriptions' },
    ],
  },
] as const satisfies readonly CertificationFeatureGroup[];

export const certificationFeatures = [
  ...requiredFeatureGroup.features.map((feature) => feature.value),
  ...optionalFeatureGroups.flatMap((group) => group.features.map((feature) => feature.value)),
] as const;
export type CertificationFeature = (typeof certificationFeatures)[number];

export function isCertificationFeature(value: string): value is CertificationFeature {
  return certificationFeatures.some((feature) => feature === value);
}

export const maxNameLength = 100;
export const maxCompanyLength = 200;
export const maxCallbackUrlLength = 2000;

// Empty means none; otherwise a full https address (callbacks carry payment data, never in clear).
export function isAcceptableCallbackUrl(value: string): boolean {
  if (value === '') return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

const nameField = z
  .string({ error: CertificationRegistrationText.FullNameRequired })
  .trim()
  .min(1, CertificationRegistrationText.FullNameRequired)
  .max(maxNameLength);

const bandField = z.enum(merchantCountBands).nullish();

// Names, work e-mail and company are required; the e-mail goes out only with at least
// one feature checked. The browser's form and the server check the same rules.
export const certificationRegistrationBody = z.strictObject({
  firstName: nameField,
  lastName: nameField,
  email: z
    .string({ error: CertificationRegistrationText.EmailRequired })
    .trim()
    .toLowerCase()
    // abort: a missing address is not also a malformed one.
    .min(1, { error: CertificationRegistrationText.EmailRequired, abort: true })
    .refine(isValidEmailAddress, CertificationRegistrationText.EmailInvalid),
  company: z
    .string({ error: CertificationRegistrationText.CompanyRequired })
    .trim()
    .min(1, CertificationRegistrationText.CompanyRequired)
    .max(maxCompanyLength),
  features: z
    .array(z.enum(certificationFeatures), { error: CertificationRegistrationText.SelectIntegrationNeeds })
    .min(1, CertificationRegistrationText.SelectIntegrationNeeds)
    .max(certificationFeatures.length)
    .refine((features) => new Set(features).size === features.length, 'Each feature may be listed once'),
  expectedMerchantsNow: bandField,
  expectedMerchants90Days: bandField,
  callbackUrl: z
    .string()
    .trim()
    .max(maxCallbackUrlLength)
    .refine(isAcceptableCallbackUrl, CertificationRegistrationText.CallbackUrlHttps)
    .optional(),
});
export type CertificationRegistrationBody = z.infer<typeof certificationRegistrationBody>;
export type CertificationRegistrationInput = z.input<typeof certificationRegistrationBody>;

export const certificationRegistrationResponse = successEnvelope(
  z.object({ id: z.uuid(), instructionsSentAt: z.iso.datetime() }),
);
export type CertificationRegistrationAnswer = z.infer<typeof certificationRegistrationResponse>['message'];

// The form's starting values: nothing chosen.
export function emptyCertificationRegistration(): CertificationRegistrationInput {
  return {
    firstName: '',
    lastName: '',
    email: '',
    company: '',
    features: [],
    expectedMerchantsNow: null,
    expectedMerchants90Days: null,
    callbackUrl: '',
  };
}

// Which fields each step of the form checks before moving on (steps 1 to 4).
export const certificationRegistrationSteps = [
  { title: 'Developer Information', fields: ['firstName', 'lastName', 'email', 'company'] },
  { title: 'Integration Requirements', fields: ['features'] },
  { title: 'Enrollment Expectations', fields: ['expectedMerchantsNow', 'expectedMerchants90Days'] },
  { title: 'Webhook Registration', fields: ['callbackUrl'] },
] as const satisfies readonly { title: string; fields: readonly (keyof CertificationRegistrationBody)[] }[];
