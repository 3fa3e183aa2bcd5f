import { z } from 'zod';
import { isValidEmailAddress, normalizeEmailAddress } from '../auth/email-address';
import { successEnvelope } from '../common/envelope';

// The customer vault: customers and their saved payment methods, the page's search and save, and
// the virtual terminal's use of a saved method.

export const VaultText = {
  SearchLabel: 'Enter Search Parameter:',
  RunSearch: 'Run Search',
  // Before any search, when the merchant's vault lists nothing by itself.
  SearchPrompt: 'Search by name, e-mail, phone or external ID to find a saved customer.',
  Saved: 'Saved Customer Successfully',
  NoCustomerData: 'No customer data',
  // Followed by the reason ('Error saving customer: ...').
  ErrorSavingPrefix: 'Error saving customer: ',
  NameRequired: 'First and last name are required',
  EmailInvalid: 'Enter a valid e-mail address',
  CustomerNotFound: 'Customer not found',
  MerchantRequired: 'Select a merchant',
} as const;

export const VaultErrorCode = {
  CustomerNotFound: 'VAULT_CUSTOMER_NOT_FOUND',
  NameRequired: 'VAULT_NAME_REQUIRED',
  EmailInvalid: 'VAULT_EMAIL_INVALID',
  MerchantRequired: 'VAULT_MERCHANT_REQUIRED',
  NoCustomerData: 'VAULT_NO_CUSTOMER_DATA',
} as const;

export const vaultIssuers = ['VISA', 'MC', 'DISC', 'AMEX', 'BANK', 'CARD'] as const;
export type VaultIssuer = (typeof vaultIssuers)[number];

// A token is dash-separated and is displayed from after its first dash.
export function displayedVaultToken(token: string): string {
  const dash = token.indexOf('-');
  return dash === -1 ? token : token.slice(dash + 1);
}

// A displayed token as people read a saved method: '1117-10-2030' -> '•••• 1117, expires 10/2030',
// '6789' (a bank account) -> '•••• 6789'. Anything else stays as it is.
export function savedMethodInWords(displayedToken: string): string {
  const match = /^(\d{4})(?:-(\d{1,2})-(\d{4}))?$/.exec(displayedToken.trim());
  if (!match) return displayedToken;
  const [, last4, month, year] = match;
  return month && year ? `•••• ${last4}, expires ${month.padStart(2, '0')}/${year}` : `•••• ${last4}`;
}

// Two saved methods are the same when issuer, last four and expiry agree (a bank account
// has no expiry, so two of one bank and last four are the same).
export type DedupableMethod = {
  issuer: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
};

export function savedMethodIdentity(method: DedupableMethod): string {
  return `${method.issuer}|${method.last4}|${method.expMonth ?? ''}|${method.expYear ?? ''}`;
}

export function isSameSavedMethod(a: DedupableMethod, b: DedupableMethod): boolean {
  return savedMethodIdentity(a) === savedMethodIdentity(b);
}

// The first of each identity, in the given order.
export function withoutDuplicateSavedMethods<T extends DedupableMethod>(methods: readonly T[]): T[] {
  const seen = new Set<string>();
  return methods.filter((method) => {
    const identity = savedMethodIdentity(method);
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}

const address = z.object({
  region: z.string().nullable(),
  locality: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  country: z.string().nullable(),
  postal_code: z.string().nullable(),
});
export type VaultAddress = z.infer<typeof address>;

// A saved method. token is the display form without its first segment; the full token
// never leaves the server (a charge names the method by id).
export const vaultPaymentMethodSchema = z.object({
  id: z.uuid(),
  token: z.string(),
  issuer: z.enum(vaultIssuers),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  created_at: z.string(),
  // The method's billing address: the customer's billing address (this build keeps one per customer).
  billing_address: address,
});
export type VaultPaymentMethod = z.infer<typeof vaultPaymentMethodSchema>;

// Customer. Patient fields are null unless the caller may see them (patient_fields_hidden
// then says so): only a user of the merchant itself holding Vault sees them.
export const vaultCustomerSchema = z.object({
  id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  merchant_name: z.string(),
  client: z.object({ id: z.uuid() }),
  has_customer: z.boolean(),
  patient_number: z.string().nullable(),
  patient_first_name: z.string().nullable(),
  patient_last_name: z.string().nullable(),
  patient_fields_hidden: z.boolean(),
  external_id: z.string().nullable(),
  billing_region: z.string().nullable(),
  billing_locality: z.string().nullable(),
  billing_address_line_1: z.string().nullable(),
  billing_address_line_2: z.string().nullable(),
  billing_country: z.string().nullable(),
  billing_postal_code: z.string().nullable(),
  shipping_region: z.string().nullable(),
  shipping_locality: z.string().nullable(),
  shipping_address_line_1: z.string().nullable(),
  shipping_address_line_2: z.string().nullable(),
  shipping_country: z.string().nullable(),
  shipping_postal_code: z.string().nullable(),
  payment_request_meta: z.record(z.string(), z.unknown()),
  payment_methods: z.array(vaultPaymentMethodSchema),
});
export type VaultCustomer = z.infer<typeof vaultCustomerSchema>;

// GET /api/payee/all: the page sends the one search text as every field; any may be given. clientid
// names the merchant (staff and parents); without it, the caller's own merchant.
const searchText = z.string().trim().max(200).optional();
export const payeeSearchQuery = z.object({
  external_id: searchText,
  first_name: searchText,
  last_name: searchText,
  email: searchText,
  patient_number: searchText,
  clientid: z.uuid().optional(),
});
export type PayeeSearchQuery = z.infer<typeof payeeSearchQuery>;
export const vaultSearchLimit = 100;
export const payeeSearchResponse = successEnvelope(
  z.object({
    customers: z.array(vaultCustomerSchema),
    // The merchant searched and whether it keeps patient information (the patient table layout).
    client: z.object({
      id: z.uuid(),
      name: z.string(),
      has_patient_information_in_vault: z.boolean(),
      // The virtual terminal links carry the publishable key only; null
      // when the caller may not use the virtual terminal there (Virtual Terminal, or a
      // merchant without permissions configured).
      public_key: z.string().nullable(),
    }),
    // More matched than vaultSearchLimit: the caller should narrow the search.
    is_truncated: z.boolean(),
  }),
);
export type PayeeSearchResult = z.infer<typeof payeeSearchResponse>['message'];

export const vaultCustomerParams = z.object({ id: z.uuid() });
export const vaultCustomerIdParams = z.object({ customerId: z.uuid() });

// GET /api/v1/vault/{customerId}: the customer and its saved methods for the virtual terminal
// (methods[{id, token, created_at}]).
export const vaultCustomerResponse = successEnvelope(
  vaultCustomerSchema.extend({ methods: z.array(vaultPaymentMethodSchema) }),
);
export type VaultCustomerWithMethods = z.infer<typeof vaultCustomerResponse>['message'];

const editableText = (max: number) => z.string().max(max).nullable().optional();

// PATCH /api/v1/vault/{id}: the customer body; fields left out are unchanged.
export const vaultCustomerPatchBody = z.strictObject({
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  email: editableText(254),
  phone_number: editableText(40),
  external_id: editableText(100),
  patient_number: editableText(100),
  patient_first_name: editableText(100),
  patient_last_name: editableText(100),
  billing_region: editableText(100),
  billing_locality: editableText(100),
  billing_address_line_1: editableText(200),
  billing_address_line_2: editableText(200),
  billing_country: editableText(100),
  billing_postal_code: editableText(20),
  shipping_region: editableText(100),
  shipping_locality: editableText(100),
  shipping_address_line_1: editableText(200),
  shipping_address_line_2: editableText(200),
  shipping_country: editableText(100),
  shipping_postal_code: editableText(20),
});
export type VaultCustomerPatchBody = z.infer<typeof vaultCustomerPatchBody>;
export const vaultCustomerPatchResponse = successEnvelope(vaultCustomerSchema);

// The edit rules shared by the modal and the server: a name may not be blanked, an e-mail must be
// one (or empty). Answers the reason, or null.
export function vaultCustomerEditProblem(body: VaultCustomerPatchBody): string | null {
  if (body.first_name !== undefined && body.first_name.trim() === '') return VaultText.NameRequired;
  if (body.last_name !== undefined && body.last_name.trim() === '') return VaultText.NameRequired;
  const email = body.email?.trim() ?? '';
  if (email !== '' && !isValidEmailAddress(normalizeEmailAddress(email))) return VaultText.EmailInvalid;
  return null;
}

// GET /api/whoami: the signed-in user as the virtual terminal needs them, and, for the merchant named
// by clientid (else the default merchant), what they may do there.
export const whoamiQuery = z.object({ clientid: z.uuid().optional() });
export const whoamiSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  // The first space-separated word of the name.
  first_name: z.string(),
  email: z.string(),
  user_type: z.string(),
  role: z.string(),
  merchant: z
    .object({
      id: z.uuid(),
      name: z.string(),
      // false: the merchant has no permissions configured (every check passes).
      permissions_configured: z.boolean(),
      granted_permissions: z.array(z.object({ name: z.string() })),
      has_patient_information_in_vault: z.boolean(),
    })
    .nullable(),
});
export type Whoami = z.infer<typeof whoamiSchema>;
export const whoamiResponse = successEnvelope(whoamiSchema);
