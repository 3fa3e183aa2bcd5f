import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyOutput } from '../money/money';

// The Billing and Monthly Billing pages: billing line items, rolling billing, monthly billing rows,
// a bill's state and the monthly billing toggle; GET /api/billing and the /api/monthly-billing calls.

export const BillingText = {
  BillingTitle: 'Billing',
  LineItemTab: 'Line Item',
  RollingBillingTab: 'Rolling Billing',
  // A bill's state.
  AlreadyPaid: 'This bill is already paid',
  MerchantNotEnabled: 'This merchant is not enabled',
  PayBill: 'Pay this bill',
  BillPaid: 'Bill paid',
  MonthlyBillingTitle: 'Monthly Billing',
  MonthlyBillingTab: 'Billing',
  ConfigurationTab: 'Configuration',
  CreateBill: 'Create bill',
  BillMonthLabel: 'Bill month',
  BillCreated: 'Bill created',
  ToggleFailed: 'Monthly billing could not be changed',
  MonthInFuture: 'Monthly bills exist only for past months',
  MonthAlreadyBilled: 'This month is already billed',
  BillNotFound: 'Bill not found',
} as const;

export const BillingErrorCode = {
  BillNotFound: 'BILL_NOT_FOUND',
  BillAlreadyPaid: 'BILL_ALREADY_PAID',
  MerchantNotEnabled: 'MERCHANT_NOT_ENABLED',
  MonthMalformed: 'BILL_MONTH_MALFORMED',
  MonthInFuture: 'BILL_MONTH_IN_FUTURE',
  MonthAlreadyBilled: 'MONTH_ALREADY_BILLED',
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  PaymentDeclined: 'BILL_PAYMENT_DECLINED',
  ProcessorUnavailable: 'BILL_PROCESSOR_UNAVAILABLE',
} as const;

// A paid bill, a bill of a merchant whose monthly billing is off, or one to pay.
export const billStates = ['paid', 'merchantNotEnabled', 'payable'] as const;
export type BillState = (typeof billStates)[number];

export function billStateOf(bill: { isPaid: boolean; isMerchantEnabled: boolean }): BillState {
  if (bill.isPaid) return 'paid';
  if (!bill.isMerchantEnabled) return 'merchantNotEnabled';
  return 'payable';
}

// What a monthly bill collects. A merchant that transacted in the month had its monthly fee and
// minimum taken from its statement (contracts statements flatFeeLinesOf); a merchant that did not has
// no statement, so the bill asks for the monthly fee and the whole monthly minimum. Transacting means
// what gives a month a statement (statement-rules isCountedOnStatement): the one test of whether the
// statement or a bill collects the fees, so none is collected twice.
export function monthlyBillAmountCents(facts: {
  isTransactingInMonth: boolean;
  monthlyFeeCents: number;
  monthlyMinimumCents: number;
}): number {
  if (facts.isTransactingInMonth) return 0;
  return Math.max(0, facts.monthlyFeeCents) + Math.max(0, facts.monthlyMinimumCents);
}

export function monthlyBillDescription(yearMonth: string): string {
  return `Monthly billing ${yearMonth}`;
}

const merchantId = z.uuid();

export const billingQuery = z.strictObject({ merchant_id: merchantId.optional() });
export const billParams = z.strictObject({ id: z.uuid() });

// Billing line item (name, statement_date, detail_description, r_total) with the bill's state.
export const billLineItemRow = z.object({
  id: z.uuid(),
  merchant_id: z.uuid(),
  name: z.string(),
  statement_date: z.iso.date(),
  detail_description: z.string(),
  r_total: moneyOutput,
  paid_at: z.iso.datetime().nullable(),
  state: z.enum(billStates),
});
export type BillLineItemRow = z.infer<typeof billLineItemRow>;

// Rolling billing.
export const rollingBillingRow = z.object({
  // 'merchant id:date', one row per merchant and central processing date.
  id: z.string(),
  merchant_id: z.uuid(),
  name: z.string(),
  central_processing_date: z.iso.date(),
  cc_sales: moneyOutput,
  total_billing: moneyOutput,
});
export type RollingBillingRow = z.infer<typeof rollingBillingRow>;

export const billingResponse = successEnvelope(
  z.object({ bill_details: z.array(billLineItemRow), rolling_billing: z.array(rollingBillingRow) }),
);

export const payBillResponse = successEnvelope(billLineItemRow);

// Monthly billing row.
export const monthlyBillingRow = z.object({
  id: z.uuid(),
  merchant_id: z.uuid(),
  name: z.string(),
  transaction_count: z.number().int(),
  monthly_minimum: moneyOutput,
  monthly_fee: moneyOutput,
  month: z.string(),
  is_transacting_in_month: z.boolean(),
  total_transaction_amount: moneyOutput,
  last_transaction_date_in_month: z.iso.date().nullable(),
  is_month_paid: z.boolean(),
  is_monthly_billing_enabled: z.boolean(),
  parent: z.object({ name: z.string() }).nullable(),
});
export type MonthlyBillingRow = z.infer<typeof monthlyBillingRow>;
export const monthlyBillingResponse = successEnvelope(z.array(monthlyBillingRow));

// The Configuration tab: every merchant with its switch and the fees a bill would ask.
export const monthlyBillingMerchantRow = z.object({
  id: z.uuid(),
  name: z.string(),
  parent: z.object({ name: z.string() }).nullable(),
  monthly_fee: moneyOutput,
  monthly_minimum: moneyOutput,
  is_monthly_billing_enabled: z.boolean(),
});
export type MonthlyBillingMerchantRow = z.infer<typeof monthlyBillingMerchantRow>;
export const monthlyBillingMerchantsResponse = successEnvelope(z.array(monthlyBillingMerchantRow));

export const monthlyBillingMerchantParams = z.strictObject({ id: z.uuid() });
export const monthlyBillingToggleResponse = successEnvelope(
  z.object({ id: z.uuid(), is_monthly_billing_enabled: z.boolean() }),
);

// The month is checked against today by the server (contracts statement-month rules), not here.
export const merchantBillsBody = z.strictObject({ month: z.string().max(7) });
export const merchantBillsResponse = successEnvelope(monthlyBillingRow);
