import { z } from 'zod';
import { moneyOutput, parseDecimalToCents } from '../money/money';
import type { TransactionMoneyFacts } from './gross-net';
import { lastFourDigitsOfTransaction } from './last-four';
import type { SearchTotalsItem } from './search-totals';
import {
  actionModeSchema,
  paymentStatusSchema,
  proPayStatusSchema,
  transactionTypeSchema,
} from './transaction-enums';
import type { UndoFacts } from './undo-state';
import type { VoidRefundCandidate } from './void-refund-eligibility';

// A transaction as the report, the search (transaction_details) and the detail viewer
// receive it. Amounts are decimal strings with 2 places; times are UTC ISO.

const addressSchema = z.object({
  line1: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string().optional(),
});

// What a payment kept of its payment link's options (payment-frame/link-options.ts).
export const linkOptionsRecordSchema = z.object({
  tip: moneyOutput.optional(),
  optIn: z.boolean().optional(),
  shippingAddress: addressSchema.optional(),
  savedToVault: z.boolean().optional(),
  levelTwo: z.object({ poNumber: z.string().optional(), taxAmount: moneyOutput.optional() }).optional(),
  levelThree: z
    .object({
      lineItems: z.array(
        z.object({
          description: z.string(),
          productCode: z.string().optional(),
          quantity: z.number().int(),
          unitPrice: moneyOutput,
        }),
      ),
    })
    .optional(),
});
export type LinkOptionsRecordView = z.infer<typeof linkOptionsRecordSchema>;

// Meta fields: firstName, lastName, email, customFields ('Clinic Location' ...), linkOptions.
export const transactionMetaSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  customFields: z.record(z.string(), z.unknown()).optional(),
  // One payment's options that cannot be read never stop the report that lists it.
  linkOptions: linkOptionsRecordSchema.optional().catch(undefined),
});

// sub_location custom fields: RD, VPCO, Sub-Account Number.
export const transactionSubLocationSchema = z.object({
  name: z.string().optional(),
  custom_fields: z.record(z.string(), z.unknown()).optional(),
});

export const transactionApiResponseSchema = z.object({
  token: z.string().optional(),
  meta: transactionMetaSchema.optional(),
  original_transaction: z.unknown().optional(),
  original_transaction_id: z.string().optional(),
  sub_location: transactionSubLocationSchema.optional(),
});

// Only the masked account number leaves the server; the rest of the processor's answer stays inside.
export const transactionThirdPartyApiResponseSchema = z.object({
  AUTH_MASKED_ACCOUNT_NBR: z.string().optional(),
});

// A void or refund that undid (part of) this transaction: its own row links back through
// data.api_response.original_transaction_id. Only ones that did not fail are listed, oldest first.
export const transactionUndoSchema = z.object({
  id: z.uuid(),
  type: transactionTypeSchema,
  amount: moneyOutput,
  created_at: z.iso.datetime(),
});
export type TransactionUndo = z.infer<typeof transactionUndoSchema>;

export const transactionSchema = z.object({
  id: z.uuid(),
  amount: moneyOutput,
  // Fee and surcharge are the REPORTS_ADVANCED columns: the server may leave them out for
  // callers without that permission.
  fee: moneyOutput.optional(),
  surcharge: moneyOutput.optional(),
  type: transactionTypeSchema,
  action: z.string().nullable(),
  action_mode: actionModeSchema.nullable(),
  payment_status: paymentStatusSchema,
  request_status: z.boolean(),
  status: z.string().nullable(),
  created_at: z.iso.datetime(),
  client_id: z.uuid(),
  // "client_id or client.id, client.merchant (name, parent name)".
  client: z
    .object({
      id: z.uuid(),
      merchant: z.object({ name: z.string(), parent_name: z.string().nullable() }),
    })
    .optional(),
  card_brand: z.string().nullable(),
  card_type: z.string().nullable(),
  pro_pay_status: proPayStatusSchema.nullable(),
  settlement: z.object({ amount: moneyOutput, date: z.iso.date() }).nullable(),
  // Portico's own addition (absent when nothing undid the transaction): what the report needs to show
  // Voided, Refunded or Partially refunded and to link the original to its voids and refunds.
  undone_by: z.array(transactionUndoSchema).min(1).optional(),
  // Portico's own addition (absent for a live payment): true for a test payment, one booked while the
  // merchant was a sandbox account. Test payments move no money.
  is_test: z.literal(true).optional(),
  // Portico's own addition (absent when undisputed): a cardholder disputed the payment, so its money
  // moves through the dispute and neither Void nor Refund is offered.
  is_disputed: z.literal(true).optional(),
  data: z.object({
    api_response: transactionApiResponseSchema.nullable(),
    third_party_api_response: transactionThirdPartyApiResponseSchema.nullable(),
  }),
});
export type Transaction = z.infer<typeof transactionSchema>;

// How a test payment (transaction.is_test) is named wherever it is listed: the badge of the report's
// row, and the line of its detail and receipt.
export const TestPaymentText = {
  Badge: 'Test',
  Description: 'Test payment: no money moved',
} as const;

// A money string that passed moneyOutput; beyond 13 whole digits it is refused rather than rounded.
export function centsOfMoneyText(text: string): number {
  const cents = parseDecimalToCents(text);
  if (cents === null) throw new RangeError(`Not an amount with 2 decimals: ${text}`);
  return cents;
}

// What the gross and net rules read. Without the fee (no REPORTS_ADVANCED) net is not shown, and the
// fee counts as 0.
export function moneyFactsOfTransaction(transaction: Transaction): TransactionMoneyFacts {
  return {
    actionMode: transaction.action_mode,
    amountCents: centsOfMoneyText(transaction.amount),
    feeCents: transaction.fee === undefined ? 0 : centsOfMoneyText(transaction.fee),
    paymentStatus: transaction.payment_status,
    proPayStatus: transaction.pro_pay_status,
  };
}

// One transaction as the shared totals read it (search-totals.ts).
export function totalsItemOfTransaction(transaction: Transaction): SearchTotalsItem {
  return {
    facts: moneyFactsOfTransaction(transaction),
    hasFee: transaction.fee !== undefined,
    status: transaction.status,
  };
}

// What the voids and refunds linked to it gave back (undo-state.ts reads these).
export function undoFactsOfTransaction(transaction: Transaction): UndoFacts[] {
  return (transaction.undone_by ?? []).map((undo) => ({
    type: undo.type,
    amountCents: centsOfMoneyText(undo.amount),
  }));
}

export function voidRefundCandidateOfTransaction(transaction: Transaction): VoidRefundCandidate {
  return {
    type: transaction.type,
    paymentStatus: transaction.payment_status,
    requestStatus: transaction.request_status,
    createdAt: new Date(transaction.created_at),
    isDisputed: transaction.is_disputed === true,
  };
}

export function lastFourDigitsOfWireTransaction(transaction: Transaction): string {
  return lastFourDigitsOfTransaction({
    token: transaction.data.api_response?.token,
    maskedAccountNumber: transaction.data.third_party_api_response?.AUTH_MASKED_ACCOUNT_NBR,
  });
}
