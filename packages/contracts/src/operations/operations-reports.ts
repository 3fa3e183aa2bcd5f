import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { operationsAlertSchema } from '../dashboard/alerts';
import { moneyOutput } from '../money/money';

// The Operations page's 'Report links' (/report/revshare, /report/payout, /report/subpricing,
// /report/mcc, /report/documents), each computed from the database, not typed in, for admin and
// white-label staff.

export const operationsReportFileName = 'Operations Report.xlsx';

// GET /api/report/operations: the Operations grid (id hidden, Name, Type, Result, Created): what
// operations staff act on, the same rows as the dashboard's Open Ops Alerts of every merchant.
export const operationsReportResponse = successEnvelope(z.array(operationsAlertSchema));

export const operationsTypeLabels: Readonly<Record<string, string>> = {
  payout: 'Payout',
  ach_return: 'ACH return',
  data_sync: 'Data sync',
};

// How many months back the rev share report reaches (this month included).
export const revshareReportMonths = 3;

// Revshare row, computed: the parent's share of the fees its merchants' payments carried.
export const revshareReportRowSchema = z.object({
  id: z.string(),
  sub_merchant_name: z.string(),
  parent_name: z.string(),
  transaction_month: z.string().regex(/^\d{4}-\d{2}$/),
  transactions: z.number().int(),
  total_transaction_amount: moneyOutput,
  total_transaction_fee: moneyOutput,
  // The parent's revenue share percentage ('12.50').
  rev_share: z.string(),
  payout: moneyOutput,
});
export type RevshareReportRow = z.infer<typeof revshareReportRowSchema>;

export const payoutReportRowSchema = z.object({
  id: z.uuid(),
  merchant: z.string(),
  payout_date: z.iso.date(),
  amount: moneyOutput,
  processor: z.string(),
  status: z.string(),
  created_at: z.iso.datetime(),
});
export type PayoutReportRow = z.infer<typeof payoutReportRowSchema>;

// Subpricing row (label, mccCode, rates, pass-to-customer flags, average and high ticket),
// one per client and MCC code it prices, with the client it belongs to.
export const subpricingReportRowSchema = z.object({
  id: z.uuid(),
  client: z.string(),
  label: z.string().nullable(),
  mccCode: z.string(),
  card_rate: z.string().nullable(),
  ach_rate: z.string().nullable(),
  crypto_rate: z.string().nullable(),
  card_p2c: z.boolean(),
  ach_p2c: z.boolean(),
  crypto_p2c: z.boolean(),
  avg_ticket: moneyOutput.nullable(),
  high_ticket: moneyOutput.nullable(),
});
export type SubpricingReportRow = z.infer<typeof subpricingReportRowSchema>;

export const mccReportRowSchema = z.object({
  code: z.string(),
  description: z.string(),
  card_rate: z.string(),
  is_approved: z.boolean(),
  merchants: z.number().int(),
});
export type MccReportRow = z.infer<typeof mccReportRowSchema>;

export const documentsReportRowSchema = z.object({
  id: z.uuid(),
  owner: z.string(),
  file_name: z.string(),
  tag: z.string().nullable(),
  size_bytes: z.number().int(),
  uploaded_by: z.string().nullable(),
  date_time_uploaded: z.iso.datetime(),
});
export type DocumentsReportRow = z.infer<typeof documentsReportRowSchema>;

export const revshareReportResponse = successEnvelope(z.array(revshareReportRowSchema));
export const payoutReportResponse = successEnvelope(z.array(payoutReportRowSchema));
export const subpricingReportResponse = successEnvelope(z.array(subpricingReportRowSchema));
export const mccReportResponse = successEnvelope(z.array(mccReportRowSchema));
export const documentsReportResponse = successEnvelope(z.array(documentsReportRowSchema));

// The reports open at most this many rows (newest first where rows have a date).
export const maxOperationsReportRows = 5000;

export const reportLinks = [
  { path: '/report/revshare', label: 'Revenue Share', fileName: 'RevShare.xlsx' },
  { path: '/report/payout', label: 'Payouts', fileName: 'Payouts.xlsx' },
  { path: '/report/subpricing', label: 'Sub Pricing', fileName: 'Sub Pricing.xlsx' },
  { path: '/report/mcc', label: 'MCC Codes', fileName: 'MCC Codes.xlsx' },
  { path: '/report/documents', label: 'Documents', fileName: 'Documents.xlsx' },
] as const;
