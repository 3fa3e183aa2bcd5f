import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Manage Processor Enablement: the EPX, ForumPay and ProPay calls and their texts (ProPay success
// code '00', the embedded portal 480px high).

export const EnablementText = {
  // The product's texts, exact.
  MerchantEnabled: (id: string) => `Merchant enabled successfully: ${id}`,
  MerchantEnablementFailed: 'Error with merchant enablement, check event logs',
  EpxError: (message: string) => `Error enabling epx: ${message}`,
  ForumPayError: (message: string) => `Error enabling forumpay: ${message}`,
  ProPayEnrolled: 'ProPay Enrolled Successfully!',
  ProPayEnabled: 'ProPay Enabled Successfully!',
  ProPayFailed: (code: string) => `Propay called failed with status code: ${code}`,
  ProPayError: (message: string) => `Error enrolling into propay: ${message}`,
  // Portico's own refusals (the product shows none).
  ClientNotFound: 'Client not found',
  EpxAlreadyEnabled:
    'EPX is already enabled for this merchant: re-submit the fees or re-create the application',
  EpxNotEnabled: 'EPX is not enabled for this merchant: there is no application to re-submit',
  EpxOneOption: 'Choose either re-submit fees or re-create application, not both',
  ForumPayAlreadyEnabled: 'ForumPay is already enabled for this merchant',
  CryptoProviderInUse: 'This merchant takes crypto through another provider',
  ProPayNotEnrolled: 'This merchant has no ProPay account',
  NotAMerchant: 'Only a merchant account can be enabled at a processor',
} as const;

export const EnablementErrorCode = {
  ClientNotFound: 'ENABLEMENT_CLIENT_NOT_FOUND',
  NotAMerchant: 'ENABLEMENT_NOT_A_MERCHANT',
  EpxAlreadyEnabled: 'EPX_ALREADY_ENABLED',
  EpxNotEnabled: 'EPX_NOT_ENABLED',
  ForumPayAlreadyEnabled: 'FORUMPAY_ALREADY_ENABLED',
  CryptoProviderInUse: 'CRYPTO_PROVIDER_IN_USE',
  ProPayNotEnrolled: 'PROPAY_NOT_ENROLLED',
} as const;

// EPX, ProPay ACH only, ProPay card plus ACH, a crypto provider.
export const enablementProcessors = ['epx', 'propay', 'forumpay'] as const;
export type EnablementProcessor = (typeof enablementProcessors)[number];

export const proPaySuccessCode = '00';
export const proPayPortalHeightPx = 480;

// POST /api/epx/enable {id} or {id, re_submit_fees, re_create_application}.
export const epxEnableBody = z
  .strictObject({
    id: z.uuid(),
    re_submit_fees: z.boolean().optional(),
    re_create_application: z.boolean().optional(),
  })
  .refine((body) => !(body.re_submit_fees && body.re_create_application), {
    message: EnablementText.EpxOneOption,
  });
export type EpxEnableBody = z.infer<typeof epxEnableBody>;

// message.message.epx_results.third.merchantId: null when EPX declined the application.
export const epxEnableResultSchema = z.object({
  message: z.object({
    epx_results: z.object({ third: z.object({ merchantId: z.string().nullable() }) }),
    // Why the sandbox (or EPX) declined; null on success.
    reason: z.string().nullable(),
  }),
});
export type EpxEnableResult = z.infer<typeof epxEnableResultSchema>;
export const epxEnableResponse = successEnvelope(epxEnableResultSchema);

// POST /api/enable-forum-pay {merchant_id} -> message.message.is_forum_pay_enabled.
export const forumPayEnableBody = z.strictObject({ merchant_id: z.uuid() });
export type ForumPayEnableBody = z.infer<typeof forumPayEnableBody>;
export const forumPayEnableResultSchema = z.object({
  message: z.object({
    is_forum_pay_enabled: z.boolean(),
    forum_pay_identifier: z.string().nullable(),
    reason: z.string().nullable(),
  }),
});
export type ForumPayEnableResult = z.infer<typeof forumPayEnableResultSchema>;
export const forumPayEnableResponse = successEnvelope(forumPayEnableResultSchema);

// PATCH /api/client/enablepropay {id} or {id, is_ach_only} -> message.pro_pay_status_code.
export const proPayEnableBody = z.strictObject({ id: z.uuid(), is_ach_only: z.boolean().optional() });
export type ProPayEnableBody = z.infer<typeof proPayEnableBody>;
export const proPayEnableResultSchema = z.object({
  pro_pay_status_code: z.string(),
  // true when this call opened the ProPay account, false when it enabled one that existed.
  is_new_account: z.boolean(),
  propay_mid: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ProPayEnableResult = z.infer<typeof proPayEnableResultSchema>;
export const proPayEnableResponse = successEnvelope(proPayEnableResultSchema);

// GET /api/sso/propay?client_id -> authToken (and where the embedded portal opens).
export const proPaySsoQuery = z.object({ client_id: z.uuid() });
export const proPaySsoResultSchema = z.object({ authToken: z.string(), portal_url: z.string() });
export type ProPaySsoResult = z.infer<typeof proPaySsoResultSchema>;
export const proPaySsoResponse = successEnvelope(proPaySsoResultSchema);

// The sandbox ProPay portal page; its signed token is the authorization.
export const proPaySandboxPortalQuery = z.object({
  client_id: z.string().max(64),
  token: z.string().max(120),
  page: z.string().max(60).optional(),
});

// The pages of the embedded ProPay portal.
export const proPayPortalPages = [
  'Sweep Report',
  'Advanced Transaction Search',
  'Consolidated Fees',
  'Limits Rates and Fees',
  'Transaction Details',
  'Transaction Report',
  'Order Additional Devices',
  'Edit Business Info',
  'Update Address and Phone',
  'Update PIN',
  'Update Email',
  'Add/Update Checking Account',
] as const;

// The enablement event (Enablement entry: domain, sub_domain, status, created_at, data):
// a note with is_event, domain the processor, sub_domain 'enablement', data.status and data.message.
export const enablementSubDomain = 'enablement';
export const enablementStatuses = [
  'enabled',
  'declined',
  'fees_resubmitted',
  'application_recreated',
] as const;
export type EnablementStatus = (typeof enablementStatuses)[number];

// Which processors a merchant is enabled at, for the panel's buttons and re-submit options.
export const enablementStateSchema = z.object({
  epx: z.object({ is_enabled: z.boolean(), merchant_identifier: z.string().nullable() }),
  propay: z.object({ is_enabled: z.boolean(), propay_mid: z.string().nullable() }),
  forumpay: z.object({
    is_enabled: z.boolean(),
    forum_pay_identifier: z.string().nullable(),
    forum_pay_state: z.string().nullable(),
  }),
});
export type EnablementState = z.infer<typeof enablementStateSchema>;
export const enablementStateQuery = z.object({ id: z.uuid() });
export const enablementStateResponse = successEnvelope(enablementStateSchema);
