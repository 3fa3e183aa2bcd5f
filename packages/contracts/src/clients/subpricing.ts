import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { flatRate, interchangePlusRate } from '../enrollment/enroll';
import { moneyInput, moneyOutput, parseDecimalToCents } from '../money/money';

// Sub-pricing: a client's pricing per MCC code (the MCC config).
// GET /api/client/subpricing?apikey=login&clientid={id} lists it; POST /api/subpricing adds or
// replaces the row of one MCC code ("the MCC fee fields plus mcc_code and client_id").

export const SubpricingText = {
  Added: 'Subpricing Added',
  Saved: 'Information Saved',
  CardRateBelowFloor: 'The card rate may not go below the base card rate of the MCC code',
  UnknownMccCode: 'Unknown MCC code',
  ClientNotFound: 'Client not found',
  SameClient: 'Choose another client to copy from',
  FixMarked: 'Correct the marked fields: nothing was saved.',
} as const;

export const SubpricingErrorCode = {
  CardRateBelowFloor: 'CARD_RATE_BELOW_FLOOR',
  UnknownMccCode: 'UNKNOWN_MCC_CODE',
  ClientNotFound: 'CLIENT_NOT_FOUND',
  SameClient: 'SAME_CLIENT',
} as const;

// The product's call carries apikey=login (the portal's session stands for the key); any other value
// is refused so the parameter cannot be mistaken for a bearer key.
export const subpricingListQuery = z.strictObject({
  apikey: z.literal('login').optional(),
  clientid: z.uuid(),
});

const mccCode = z.string().regex(/^\d{4}$/, 'Enter 4-Digit Code');
const cardRate = z
  .string()
  .trim()
  .refine(
    (rate) => flatRate.test(rate) || interchangePlusRate.test(rate),
    'Card rate like 2.90+0.30 or IC+10bps+5c',
  );
const flatRateText = z.string().trim().regex(flatRate, 'Rate like 2.90+0.30');
const taxRate = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,3})?$/, 'Tax rate like 8.25');
const money = moneyInput.pipe(
  z
    .number()
    .int()
    .min(0, 'Enter an amount of 0.00 or more')
    .max(100_000_000, 'Enter an amount up to 1,000,000.00'),
);

export const subpricingBody = z.strictObject({
  client_id: z.uuid(),
  mcc_code: mccCode,
  label: z.string().trim().max(100).nullable().optional(),
  card_rate: cardRate.nullable().optional(),
  ach_rate: flatRateText.nullable().optional(),
  crypto_rate: flatRateText.nullable().optional(),
  card_p2c: z.boolean().optional(),
  ach_p2c: z.boolean().optional(),
  crypto_p2c: z.boolean().optional(),
  avg_ticket: money.nullable().optional(),
  high_ticket: money.nullable().optional(),
  low_rate: flatRateText.nullable().optional(),
  etf: money.nullable().optional(),
  reg_fee: money.nullable().optional(),
  pci_fee: money.nullable().optional(),
  monthly_fee: money.nullable().optional(),
  monthly_minimum: money.nullable().optional(),
  annual_fee: money.nullable().optional(),
  chargeback_fee: money.nullable().optional(),
  ach_return: money.nullable().optional(),
  tax_rate: taxRate.nullable().optional(),
});
// What the form sends (amounts as decimal text) and what the server reads (amounts in cents).
export type SubpricingInput = z.input<typeof subpricingBody>;
export type SubpricingBody = z.output<typeof subpricingBody>;

// POST /api/subpricing/copy: every row of one client onto another (rows of the same MCC replaced).
export const subpricingCopyBody = z.strictObject({ from_client_id: z.uuid(), to_client_id: z.uuid() });
export type SubpricingCopyBody = z.infer<typeof subpricingCopyBody>;

const moneyOrNull = moneyOutput.nullable();
export const subpricingRowSchema = z.object({
  id: z.uuid(),
  client_id: z.uuid(),
  label: z.string().nullable(),
  // The product's row spells this one in camel case.
  mccCode: z.string(),
  mcc_description: z.string(),
  // The MCC's base card rate: the floor of card_rate.
  base_card_rate: z.string(),
  card_rate: z.string().nullable(),
  ach_rate: z.string().nullable(),
  crypto_rate: z.string().nullable(),
  card_p2c: z.boolean(),
  ach_p2c: z.boolean(),
  crypto_p2c: z.boolean(),
  avg_ticket: moneyOrNull,
  high_ticket: moneyOrNull,
  low_rate: z.string().nullable(),
  etf: moneyOrNull,
  reg_fee: moneyOrNull,
  pci_fee: moneyOrNull,
  monthly_fee: moneyOrNull,
  monthly_minimum: moneyOrNull,
  annual_fee: moneyOrNull,
  chargeback_fee: moneyOrNull,
  ach_return: moneyOrNull,
  tax_rate: z.string().nullable(),
  updated_at: z.iso.datetime(),
});
export type SubpricingRow = z.infer<typeof subpricingRowSchema>;
export const subpricingListResponse = successEnvelope(z.array(subpricingRowSchema));
export const subpricingSaveResponse = successEnvelope(subpricingRowSchema);
export const subpricingCopyResponse = successEnvelope(z.object({ copied: z.number().int().min(0) }));

// A flat pricing string in hundredths: '2.90+0.30' -> 290 (percent) and 30 (cents per transaction).
function flatRateParts(rate: string): { percent: number; perTransaction: number } | null {
  if (!flatRate.test(rate)) return null;
  const [percentText = '', perTransactionText = ''] = rate.split('+');
  const percent = parseDecimalToCents(percentText);
  const perTransaction = parseDecimalToCents(perTransactionText);
  if (percent === null || perTransaction === null) return null;
  return { percent, perTransaction };
}

// An MCC card rate may not go below the MCC's base card rate. Flat rates compare part by
// part (neither the percent nor the per-transaction fee may be lower); interchange-plus is cost
// plus a margin and has no flat floor to compare with.
export function isCardRateBelowFloor(cardRate: string, baseCardRate: string): boolean {
  const rate = flatRateParts(cardRate);
  const floor = flatRateParts(baseCardRate);
  if (!rate || !floor) return false;
  return rate.percent < floor.percent || rate.perTransaction < floor.perTransaction;
}

// ---- The MCC configuration's fields, as the page labels them ----

export const subpricingRateFields = ['card_rate', 'ach_rate', 'crypto_rate'] as const;
export const subpricingFlagFields = ['card_p2c', 'ach_p2c', 'crypto_p2c'] as const;
export const subpricingTicketFields = ['avg_ticket', 'high_ticket'] as const;
// Every fee of an MCC code: the low rate, the money fees, the tax rate.
export const subpricingFeeFields = [
  'low_rate',
  'etf',
  'reg_fee',
  'pci_fee',
  'monthly_fee',
  'monthly_minimum',
  'annual_fee',
  'chargeback_fee',
  'ach_return',
  'tax_rate',
] as const;
export type SubpricingFeeField = (typeof subpricingFeeFields)[number];
export const subpricingMoneyFields = [
  'avg_ticket',
  'high_ticket',
  'etf',
  'reg_fee',
  'pci_fee',
  'monthly_fee',
  'monthly_minimum',
  'annual_fee',
  'chargeback_fee',
  'ach_return',
] as const;

export const subpricingFieldLabels = {
  label: 'Label',
  card_rate: 'Card Rate',
  ach_rate: 'ACH Rate',
  crypto_rate: 'Crypto Rate',
  card_p2c: 'Card P2C',
  ach_p2c: 'ACH P2C',
  crypto_p2c: 'Crypto P2C',
  avg_ticket: 'Avg Ticket',
  high_ticket: 'High Ticket',
  low_rate: 'Low Rate',
  etf: 'ETF',
  reg_fee: 'Registration Fee',
  pci_fee: 'PCI Fee',
  monthly_fee: 'Monthly Fee',
  monthly_minimum: 'Monthly Minimum',
  annual_fee: 'Annual Fee',
  chargeback_fee: 'Chargeback Fee',
  ach_return: 'ACH Return',
  tax_rate: 'Tax Rate (%)',
} as const;

// Pass to consumer reads as Enabled or Disabled.
export function passToConsumerLabel(isEnabled: boolean): 'Enabled' | 'Disabled' {
  return isEnabled ? 'Enabled' : 'Disabled';
}

// What the server would refuse in a row, by field, with the schema's own messages.
export function subpricingProblems(body: SubpricingInput): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  for (const issue of subpricingBody.safeParse(body).error?.issues ?? []) {
    const [field] = issue.path;
    if (typeof field === 'string') problems[field] ??= issue.message;
  }
  return problems;
}
