import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyOutput } from '../money/money';
import { transactionTypeSchema } from './transaction-enums';

// The detail viewer's receipt link opens /receipt?id={transaction id} in a new tab, a
// printable receipt. GET /api/v1/receipt?id= answers one transaction of the caller's report scope with
// what a receipt shows; customizations.default_receipt_template names its template.

export const ReceiptText = {
  Title: 'Receipt',
  Print: 'Print',
  NotFound: 'Transaction not found',
  MissingId: 'No transaction was named: open the receipt from a transaction.',
  LoadFailed: 'The receipt could not be loaded.',
} as const;

export const ReceiptErrorCode = { NotFound: 'TRANSACTION_NOT_FOUND' } as const;

// Seeded merchants use 'standard' and 'healthcare'; anything else prints as standard.
export const receiptTemplates = ['standard', 'healthcare'] as const;
export type ReceiptTemplate = (typeof receiptTemplates)[number];

export function receiptTemplateOf(configured: string | null | undefined): ReceiptTemplate {
  return receiptTemplates.find((template) => template === configured) ?? 'standard';
}

export const receiptQuery = z.object({ id: z.uuid() });
export type ReceiptQuery = z.infer<typeof receiptQuery>;

export const receiptMerchantSchema = z.object({
  // The DBA name customers know, else the account name.
  name: z.string(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ReceiptMerchant = z.infer<typeof receiptMerchantSchema>;

export const receiptSchema = z.object({
  id: z.uuid(),
  created_at: z.iso.datetime(),
  type: transactionTypeSchema,
  action: z.string().nullable(),
  amount: moneyOutput,
  // Only for callers who see the REPORTS_ADVANCED fields of this merchant, and only when charged.
  surcharge: moneyOutput.optional(),
  status: z.string().nullable(),
  card_brand: z.string().nullable(),
  // Four digits, or 'n/a' when the token and masked number are unreadable.
  last4: z.string(),
  // The processor's authorization code, else its reference; null when it gave neither.
  auth_code: z.string().nullable(),
  original_transaction_id: z.uuid().nullable(),
  customer_name: z.string().nullable(),
  location: z.string().nullable(),
  merchant: receiptMerchantSchema,
  // The white label of the merchant's hierarchy: its logo, name and colour head the receipt;
  // absent or null: none.
  brand: z
    .object({ entity_name: z.string(), color: z.string().nullable(), logo_url: z.string().nullable() })
    .nullable()
    .optional(),
  template: z.enum(receiptTemplates),
  // A test payment (booked while the merchant was a sandbox account): the receipt says so.
  is_test: z.boolean(),
  // A payment link's tip (inside amount) and shipping address lines, when the payer gave them.
  tip: moneyOutput.optional(),
  shipping_address: z.array(z.string()).optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptResponse = successEnvelope(receiptSchema);

// The merchant's address as printed: street lines, then 'City, ST 12345', without empty parts.
export function receiptAddressLines(merchant: ReceiptMerchant): string[] {
  const filled = (value: string | null) => (value && value.trim() !== '' ? value.trim() : null);
  const regionAndPostal = [filled(merchant.region), filled(merchant.postal_code)].filter(Boolean).join(' ');
  const cityLine = [filled(merchant.locality), regionAndPostal || null].filter(Boolean).join(', ');
  return [filled(merchant.address_line_1), filled(merchant.address_line_2), cityLine || null].filter(
    (line): line is string => line !== null,
  );
}
