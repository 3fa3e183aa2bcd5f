import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// The account data page's read. Sensitive values
// (tax id, SSNs) leave the server masked to their last four.

export const accountDataQuery = z.object({ id: z.uuid() });

const principalSchema = z.object({
  position: z.number().int().min(1).max(3),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  ssn: z.string().nullable(),
  title: z.string().nullable(),
  ownership_percent: z.string().nullable(),
  phone_number: z.string().nullable(),
  address_line_1: z.string().nullable(),
  city: z.string().nullable(),
  state_province: z.string().nullable(),
  postal_code: z.string().nullable(),
});

export const accountDataSchema = z.object({
  id: z.uuid(),
  level: z.enum(['Merchant', 'Parent']),
  name: z.string(),
  legal_name: z.string().nullable(),
  dba_name: z.string().nullable(),
  start_date: z.string().nullable(),
  tax_id: z.string().nullable(),
  ssn: z.string().nullable(),
  country: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  business_address_1: z.string().nullable(),
  business_address_2: z.string().nullable(),
  business_locality: z.string().nullable(),
  business_region: z.string().nullable(),
  business_postal_code: z.string().nullable(),
  business_phone_number: z.string().nullable(),
  business_description: z.string().nullable(),
  business_type: z.string().nullable(),
  principal_ownership_type: z.string().nullable(),
  mcc_code: z.string().nullable(),
  api_key: z.string(),
  public_key: z.string(),
  parent: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  processing: z.object({
    payment: z.string().nullable(),
    ach: z.string().nullable(),
    crypto: z.string().nullable(),
    terminals: z.string().nullable(),
    payout: z.string().nullable(),
  }),
  principals: z.array(principalSchema),
  // Submerchant Settings, parent level only; null for a merchant.
  submerchant: z
    .object({
      enrollment_path: z.string(),
      onboard: z.boolean(),
      enroll_email: z.string(),
      card_rate: z.string().nullable(),
      ach_rate: z.string().nullable(),
      crypto_rate: z.string().nullable(),
      subpricing_mcc_codes: z.array(z.string()),
      whitelabel_entity_name: z.string().nullable(),
    })
    .nullable(),
});
export type AccountData = z.infer<typeof accountDataSchema>;
export const accountDataResponse = successEnvelope(accountDataSchema);

// Jump-to sections, in page order.
export const accountDataSections = [
  { id: 'merchant-information', label: 'Merchant Information' },
  { id: 'merchant-address', label: 'Merchant Address' },
  { id: 'merchant-contact', label: 'Merchant Contact' },
  { id: 'processing', label: 'Processing' },
] as const;
export const submerchantSections = [
  { id: 'submerchant-enrollment', label: 'Enrollment' },
  { id: 'submerchant-pricing', label: 'Pricing' },
  { id: 'submerchant-subpricing', label: 'Subpricing' },
  { id: 'submerchant-whitelabel', label: 'Whitelabel' },
] as const;
