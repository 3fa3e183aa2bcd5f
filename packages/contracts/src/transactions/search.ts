import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyInput, moneyOutput } from '../money/money';
import type { SearchTotalsItem } from './search-totals';
import { totalsItemOfTransaction, transactionSchema } from './transaction';
import { transactionTypeSchema } from './transaction-enums';

// The Search page: its form, POST /api/v1/report/search and the search constants.

export const searchResultsPageSize = 500;
export const searchViews = ['search', 'results'] as const;
export type SearchView = (typeof searchViews)[number];

// How the transaction was paid (transactions.payment_method).
export const searchPaymentTypes = ['card', 'check', 'cash', 'crypto'] as const;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

// Search dates: start is 00:00:00.000 UTC, end is 23:59:59.999 UTC.
export function searchWindowOfDays(
  startDay: string,
  endDay: string,
): { start_date: string; end_date: string } {
  if (!isoDay.test(startDay) || !isoDay.test(endDay)) throw new RangeError('Days must read yyyy-mm-dd');
  return { start_date: `${startDay}T00:00:00.000Z`, end_date: `${endDay}T23:59:59.999Z` };
}

const nonNegativeMoney = moneyInput.refine((cents) => cents >= 0, { message: 'Amount must be 0 or more' });
const text = (max: number) => z.string().trim().min(1).max(max);

// The criteria JSON: the body of the search call and, encoded, the page's q parameter. Only the
// criteria whose Use box is ticked and that are filled are present; the dates always are.
// Both dates are inclusive instants.
export const searchRequestBody = z
  .strictObject({
    start_date: z.iso.datetime(),
    end_date: z.iso.datetime(),
    // Admin and parent pick the merchant; everyone else searches their own.
    merchant_id: z.uuid().optional(),
    // Merchant locations (GET /api/rbac/{merchantId}/users/{userId}/sub-entities).
    location_ids: z.array(z.uuid()).min(1).max(500).optional(),
    transaction_id: z.uuid().optional(),
    customer_first_name: text(100).optional(),
    customer_last_name: text(100).optional(),
    customer_email: text(320).optional(),
    // The last 4 digits of the card or bank account.
    account: z
      .string()
      .regex(/^\d{4}$/, { message: 'Account must be the last 4 digits' })
      .optional(),
    transaction_type: transactionTypeSchema.optional(),
    payment_type: z.enum(searchPaymentTypes).optional(),
    amount_min: nonNegativeMoney.optional(),
    amount_max: nonNegativeMoney.optional(),
    // The processor's status text ('Approved', 'Declined' ...), compared without case.
    status: text(50).optional(),
    // "Custom fields are included only if non-empty": name -> value.
    custom_fields: z.record(text(100), text(200)).optional(),
  })
  .superRefine((criteria, ctx) => {
    if (Date.parse(criteria.start_date) > Date.parse(criteria.end_date)) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'Start date must be on or before end date',
      });
    }
    if (
      criteria.amount_min !== undefined &&
      criteria.amount_max !== undefined &&
      criteria.amount_min > criteria.amount_max
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount_max'],
        message: 'Minimum amount must not exceed maximum',
      });
    }
  });
export type SearchRequestBody = z.infer<typeof searchRequestBody>;
export type SearchCriteria = z.input<typeof searchRequestBody>;

// A search result row.
export const searchRowSchema = z.object({
  id: z.uuid(),
  date_time: z.iso.datetime(),
  // The customer's name, else the e-mail; '' when the payment names nobody.
  customer: z.string(),
  transaction_type: transactionTypeSchema,
  // Card brand, 'ACH', 'Cash' or 'Crypto'.
  payment_type: z.string(),
  // Last 4 digits, or 'n/a'.
  account: z.string(),
  amount: moneyOutput,
  status: z.string(),
  transaction_details: transactionSchema,
});
export type SearchRow = z.infer<typeof searchRowSchema>;

// "message.value is the list of rows".
export const searchResponse = successEnvelope(z.object({ value: z.array(searchRowSchema) }));
export type SearchResponse = z.infer<typeof searchResponse>;

// The row's status column is the transaction's processor status; the totals read the transaction.
export function searchTotalsItemOfRow(row: SearchRow): SearchTotalsItem {
  return { ...totalsItemOfTransaction(row.transaction_details), status: row.status };
}
