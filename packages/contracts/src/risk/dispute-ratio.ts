import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Risk's Disputes tab: per merchant, the disputes opened in a calendar month against the card sales
// of that month, as a percentage, flagged over a threshold staff set (card networks watch merchants
// whose ratio passes about 0.9%).

// Percentages are kept in hundredths of a percent (90 is 0.90%), so the flag compares integers and
// never rounds: flagged iff disputes / sales > threshold, i.e. disputes * 10000 > threshold * sales.
export const defaultDisputeRatioThresholdHundredths = 90;
export const minDisputeRatioThresholdHundredths = 1;
export const maxDisputeRatioThresholdHundredths = 10_000;

export type DisputeRatio = {
  // The ratio in hundredths of a percent, rounded half up; null when there were no card sales but
  // there were disputes (no ratio to give: the merchant is flagged).
  ratioHundredths: number | null;
  isFlagged: boolean;
};

// The rule. Zero disputes is a ratio of 0, never flagged, whatever the sales. Disputes with no card
// sales in the month (disputes of earlier months' sales) have no ratio and are always flagged: any
// dispute against nothing sold is over every threshold, which the cross-multiplied comparison says
// by itself (disputes * 10000 > threshold * 0).
export function disputeRatioOf(
  counts: { disputes: number; cardSales: number },
  thresholdHundredths: number,
): DisputeRatio {
  const disputes = Math.max(0, Math.trunc(counts.disputes));
  const sales = Math.max(0, Math.trunc(counts.cardSales));
  const isFlagged = disputes * 10_000 > thresholdHundredths * sales;
  if (disputes === 0) return { ratioHundredths: 0, isFlagged };
  if (sales === 0) return { ratioHundredths: null, isFlagged };
  return { ratioHundredths: Math.floor((disputes * 20_000 + sales) / (2 * sales)), isFlagged };
}

// 90 -> '0.90'.
export function hundredthsAsPercentText(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const fraction = String(hundredths % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

// '0.9', '0.90', '12', '100.00' -> hundredths; null when not a percentage with at most 2 decimals.
export function parsePercentToHundredths(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const DisputeRatioText = {
  Tab: 'Disputes',
  Explained:
    'Disputes opened in the month against the card sales of the month, per merchant. Card networks watch merchants over about 0.9%.',
  Threshold: 'Flag over (%)',
  ThresholdInvalid: 'Enter a percentage from 0.01 to 100 with at most 2 decimals.',
  ThresholdSaved: 'Threshold saved',
  ThresholdSaveFailed: 'The threshold could not be saved.',
  NoSales: 'No card sales',
  Flagged: 'Over threshold',
  Fine: 'Within threshold',
  LoadFailed: 'The dispute ratios could not be loaded.',
  OpenDisputes: 'Open disputes',
} as const;

export const DisputeRatioErrorCode = { ThresholdInvalid: 'RISK_DISPUTE_THRESHOLD_INVALID' } as const;

const percentText = z.string().refine((text) => {
  const hundredths = parsePercentToHundredths(text);
  return (
    hundredths !== null &&
    hundredths >= minDisputeRatioThresholdHundredths &&
    hundredths <= maxDisputeRatioThresholdHundredths
  );
}, DisputeRatioText.ThresholdInvalid);

// GET /api/risk/dispute-ratios?month=yyyy-mm (default: the current UTC month)&merchant_id= (narrow to
// a merchant and its hierarchy).
export const disputeRatiosQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  merchant_id: z.uuid().optional(),
});
export type DisputeRatiosQuery = z.infer<typeof disputeRatiosQuery>;

export const disputeRatioRowSchema = z.object({
  merchant_id: z.uuid(),
  merchant_name: z.string(),
  disputes: z.number().int(),
  card_sales: z.number().int(),
  // '0.95' (percent, two decimals); null: disputes but no card sales.
  ratio: z.string().nullable(),
  is_flagged: z.boolean(),
  // Risk notes on the merchant.
  notes: z.number().int(),
});
export type DisputeRatioRow = z.infer<typeof disputeRatioRowSchema>;

export const disputeRatiosSchema = z.object({
  month: z.string(),
  // The threshold in percent, two decimals ('0.90').
  threshold: z.string(),
  rows: z.array(disputeRatioRowSchema),
});
export type DisputeRatios = z.infer<typeof disputeRatiosSchema>;
export const disputeRatiosResponse = successEnvelope(disputeRatiosSchema);

// PUT /api/risk/dispute-ratio-threshold (staff): the threshold in percent.
export const disputeThresholdBody = z.strictObject({ threshold: percentText });
export const disputeThresholdResponse = successEnvelope(z.object({ threshold: z.string() }));
