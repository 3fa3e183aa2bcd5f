import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyOutput } from '../money/money';
import { payoutLineKinds } from './payout-lines';

// The Statements page: statement rows and payouts, GET /api/report/statement, /api/statement,
// /api/statement/pdf and /api/payouts, the statement month and exports.

export const statementFileName = 'Statement.xlsx';
export const payoutsFileName = 'Payouts.xlsx';
export const payoutsPageSize = 50;

export const StatementText = {
  PageTitle: 'Statement',
  PostingNote: 'Statements are posted on the first day of each month for the prior month.',
  AccountLabel: 'Statement For',
  AccountPlaceholder: 'Select an Account',
  MonthLabel: 'Select Month',
  DownloadPdf: 'Download .pdf',
  PdfHint: 'Select a merchant and month for a downloadable PDF statement',
  NotesLabel: 'Notes',
  ExportStatement: 'Export Statement to Excel',
  ExportPayouts: 'Export Payouts to Excel',
  PdfStatement: 'PDF Statement',
  PayoutsTab: 'Payouts',
  StatementTab: 'Statement',
  DailyTransactionsTab: 'Daily Transactions',
  ProcessorFeesTab: 'Processor Fees',
  SettlementGroup: 'Settlement Group',
  AdminLineItemTotal: 'Admin Line Item Total',
  PayoutLines: 'Payout lines',
  ExportPayoutLines: 'Export lines to CSV',
  NotPosted: 'No statement has been posted for this month.',
  SelectMerchant: 'Please select a merchant',
} as const;

// The support disclaimer of the statement page and PDF, with the configured contact.
export function statementDisclaimer(support: { phone: string; email: string }): string {
  return `Questions about your statement? Call support at ${support.phone} or e-mail ${support.email}.`;
}

// The Notes line: every statement note's text (GET api/notes/statement, index 3), oldest order kept.
export function statementNotesLine(texts: readonly string[]): string {
  return `${StatementText.NotesLabel}: ${texts.join(' · ')}`;
}

export const StatementErrorCode = {
  MonthMalformed: 'STATEMENT_MONTH_MALFORMED',
  MonthInFuture: 'STATEMENT_MONTH_IN_FUTURE',
  MerchantRequired: 'STATEMENT_MERCHANT_REQUIRED',
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  PayoutNotFound: 'PAYOUT_NOT_FOUND',
} as const;

// The month is checked against today by the server (statement-month.ts), not by the schema.
const monthText = z.string().max(7);
const merchantId = z.uuid();

export const statementQuery = z.strictObject({ 'year-month': monthText, merchant_id: merchantId.optional() });
export type StatementQuery = z.infer<typeof statementQuery>;
export const statementPdfQuery = z.strictObject({
  'year-month': monthText,
  merchant_id: merchantId.optional(),
});
export const statementReportQuery = z.strictObject({ month: monthText, clientid: merchantId.optional() });
export const payoutsQuery = z.strictObject({ merchant_id: merchantId.optional() });
export const payoutParams = z.strictObject({ id: z.uuid() });

// Statement page row: type, pricing, transactions, gross, fees, flatfee, itemfee, net.
export const statementLineRow = z.object({
  type: z.string(),
  pricing: z.string().nullable(),
  transactions: z.number().int(),
  gross: moneyOutput,
  fees: moneyOutput,
  flatfee: moneyOutput,
  itemfee: moneyOutput,
  net: moneyOutput,
});
export type StatementLineRow = z.infer<typeof statementLineRow>;
export const statementReportResponse = successEnvelope(z.array(statementLineRow));

export const dailyTransactionRow = z.object({
  transaction_day: z.string(),
  total_transactions: z.number().int(),
  total_processed: moneyOutput,
  total_fees: moneyOutput,
  total_adjustments: moneyOutput,
  total_chargebacks: moneyOutput,
});
export type DailyTransactionRow = z.infer<typeof dailyTransactionRow>;

export const processorFeeRow = z.object({
  STATEMENT_DATE: z.string(),
  DETAIL_DESCRIPTION: z.string(),
  ITEM_COUNT: z.number().int(),
  VOLUME: moneyOutput,
  R_RATE1: z.string(),
  R_RATE2: moneyOutput,
  R_TOTAL: moneyOutput,
});
export type ProcessorFeeWireRow = z.infer<typeof processorFeeRow>;

// The figures of a statement (statement-rules.ts statementFiguresOf), in the order the page and the
// PDF print them, each with its label and the one-line definition printed under it.
export const statementFigureKeys = [
  'gross_sales',
  'refunds_and_voids',
  'chargebacks_and_reversals',
  'adjustments',
  'gross',
  'per_transaction_fees',
  'item_fees',
  'net',
  'cash_recorded',
  'net_deposited',
  'flat_fees',
  'monthly_fees',
] as const;
export type StatementFigureKey = (typeof statementFigureKeys)[number];

export const StatementFigureText: Readonly<
  Record<StatementFigureKey, { label: string; definition: string }>
> = {
  gross_sales: { label: 'Gross sales', definition: 'Every sale of the month, cash included.' },
  refunds_and_voids: { label: 'Refunds and voids', definition: 'Refunds, voids and credits given back.' },
  chargebacks_and_reversals: {
    label: 'Chargebacks and reversals',
    definition: 'Sales the cardholder’s bank took back.',
  },
  adjustments: { label: 'Adjustments', definition: 'Returned or rejected ACH items, −$25.00 each.' },
  gross: {
    label: 'Gross',
    definition:
      'Gross sales less refunds, voids, chargebacks and adjustments: the Gross total of the Transactions report for the same days.',
  },
  per_transaction_fees: {
    label: 'Per-transaction fees',
    definition: 'The percentage part of the processing fees, withheld from payouts.',
  },
  item_fees: {
    label: 'Item fees',
    definition: 'The per-item part of the processing fees, withheld from payouts.',
  },
  net: {
    label: 'Net',
    definition:
      'Gross less per-transaction and item fees: the Net total of the Transactions report for the same days.',
  },
  cash_recorded: {
    label: 'Cash recorded',
    definition: 'The net of cash payments: recorded here, never deposited.',
  },
  net_deposited: {
    label: 'Net deposited',
    definition:
      'Net less cash recorded: the payouts of this month’s transactions plus what is still pending.',
  },
  flat_fees: {
    label: 'Flat fees',
    definition: 'PCI and regulatory fees, billed with this statement, not withheld.',
  },
  monthly_fees: {
    label: 'Monthly fees',
    definition:
      'The monthly fee and any monthly minimum shortfall, billed with this statement, not withheld.',
  },
};

// The heading the statement's figures stand under, on the Statement tab and in the PDF.
export const StatementFiguresHeading = 'Figures';

export const ReconciliationText = {
  Heading: 'Payouts and pending',
  Pending: 'Pending (not yet paid out)',
  Total: 'Total = net deposited',
} as const;

export const statementFigures = z.object(
  Object.fromEntries(statementFigureKeys.map((key) => [key, moneyOutput])) as Record<
    StatementFigureKey,
    typeof moneyOutput
  >,
);
export type StatementFiguresWire = z.infer<typeof statementFigures>;

// Net deposited line for line: the payouts of the month's transactions (date and amount), what is
// still pending, and their total, which is net deposited.
export const statementReconciliation = z.object({
  payouts: z.array(
    z.object({
      id: z.uuid(),
      payout_date: z.string(),
      processor: z.string(),
      status: z.string(),
      amount: moneyOutput,
    }),
  ),
  pending: moneyOutput,
  total: moneyOutput,
});
export type StatementReconciliation = z.infer<typeof statementReconciliation>;

// Statements tab row, plus the merchant id, the posting time and the lines the PDF prints.
export const statementRow = z.object({
  merchant_id: z.uuid(),
  merchant_name: z.string(),
  month_year: z.string(),
  total_amount: moneyOutput,
  total_transactions: z.number().int(),
  total_fees: moneyOutput,
  total_adjustments: moneyOutput,
  charge_backs_and_reversals_total: moneyOutput,
  net: moneyOutput,
  posted_at: z.string().nullable(),
  figures: statementFigures,
  reconciliation: statementReconciliation,
  daily_transactions: z.array(dailyTransactionRow),
  processor_fees: z.array(processorFeeRow),
});
export type StatementRow = z.infer<typeof statementRow>;
export const statementResponse = successEnvelope(z.array(statementRow));

// A payout's state in words, for every grid that shows one (the database's payout_status values).
export const payoutStatusLabels: Readonly<Record<string, string>> = {
  scheduled: 'Scheduled',
  paid: 'Paid',
  held: 'Held',
  failed: 'Failed',
};

// statement_month (yyyy-mm): the statement whose transactions the payout pays; each payout pays one.
export const payoutDetails = z.object({
  id: z.uuid(),
  amount: moneyOutput,
  processor: z.string(),
  status: z.string(),
  statement_month: z.string(),
});

export const payoutTransactionRow = z.object({
  id: z.uuid(),
  transaction_date: z.string(),
  auth_amount: moneyOutput,
  net_amount: moneyOutput,
  trans_description: z.string(),
});
export type PayoutTransactionRow = z.infer<typeof payoutTransactionRow>;

// A payout. The list leaves transaction_details empty: the Settlement Group modal reads them from
// GET /api/payouts/{id} and the payout's lines from GET /api/payouts/{id}/lines, so a page of 50
// payouts never carries thousands of transactions. Each transaction's net_amount there is the sum
// of its lines.
export const payoutRow = z.object({
  merchant_id: z.uuid(),
  merchant_name: z.string(),
  payout_date: z.string(),
  payout_details: payoutDetails,
  transaction_details: z.array(payoutTransactionRow),
});
export type PayoutRow = z.infer<typeof payoutRow>;
export const payoutsResponse = successEnvelope(z.array(payoutRow));

// One line of a payout (contracts payout-lines.ts): what one transaction put in or took out, signed:
// a sale is positive; its fee, a refund, void, chargeback or adjustment negative.
export const payoutLineRow = z.object({
  transaction_id: z.uuid(),
  transaction_date: z.string(),
  kind: z.enum(payoutLineKinds),
  trans_description: z.string(),
  amount: moneyOutput,
});
export type PayoutLineRow = z.infer<typeof payoutLineRow>;

// The payout's totals by kind, signed like its lines.
export const payoutLineTotalRow = z.object({
  kind: z.enum(payoutLineKinds),
  count: z.number().int(),
  amount: moneyOutput,
});
export type PayoutLineTotalRow = z.infer<typeof payoutLineTotalRow>;

// GET /api/payouts/{id}/lines: the payout and its lines, which add up to payout_details.amount;
// locations_only: the caller is tied to some of the merchant's locations and sees only their lines,
// which then add up to that part of the payout.
export const payoutLines = payoutRow.omit({ transaction_details: true }).extend({
  locations_only: z.boolean(),
  lines: z.array(payoutLineRow),
  totals: z.array(payoutLineTotalRow),
});
export type PayoutLines = z.infer<typeof payoutLines>;
export const payoutLinesResponse = successEnvelope(payoutLines);
export const payoutLinesFileName = (payoutDate: string, processor: string) =>
  `Payout ${payoutDate} ${processor.toUpperCase()} lines.csv`;

export const settlementGroupDetail = payoutRow.extend({
  settlement: z.object({
    settlement_date: z.string(),
    transaction_count: z.number().int(),
    gross: moneyOutput,
    fees: moneyOutput,
    adjustments: moneyOutput,
    chargebacks: moneyOutput,
    net: moneyOutput,
  }),
  // Staff only: what the provider withheld on these transactions.
  admin_line_item_total: moneyOutput.optional(),
});
export type SettlementGroupDetail = z.infer<typeof settlementGroupDetail>;
export const settlementGroupResponse = successEnvelope(settlementGroupDetail);

export const statementMerchantOption = z.object({ id: z.uuid(), name: z.string() });
export const statementMerchantsResponse = successEnvelope(z.array(statementMerchantOption));

// GET /api/statement/support: the configured support contact and the disclaimer the page and the PDF
// print with it, so both say the same.
export const statementSupport = z.object({ phone: z.string(), email: z.string(), disclaimer: z.string() });
export type StatementSupport = z.infer<typeof statementSupport>;
export const statementSupportResponse = successEnvelope(statementSupport);
