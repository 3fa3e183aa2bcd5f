import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { chargeResponse } from './charge';

// A signed subscription link with a trial or a later start date charges nothing at sign-up;
// the frame's charge call answers with the series it scheduled instead of a payment receipt.
export const scheduledSeriesResultSchema = z.object({
  scheduled: z.literal(true),
  subscription_id: z.uuid(),
  // What each cycle will charge, and the day of the first one (the merchant's calendar date).
  amount: z.string(),
  first_charge_date: z.iso.date(),
  message: z.string(),
});
export type ScheduledSeriesResult = z.infer<typeof scheduledSeriesResultSchema>;
export const scheduledSeriesResponse = successEnvelope(scheduledSeriesResultSchema);
export type ScheduledSeriesResponse = z.infer<typeof scheduledSeriesResponse>;

// POST /api/payment-frame/charge answers a payment or a scheduled series.
export const frameChargeResponse = z.union([chargeResponse, scheduledSeriesResponse]);

// Portico's own text (the product has none for a series that starts later): says no money moved today.
export const ScheduledSeriesText = {
  StartsOn: (dateLabel: string) => `Your subscription starts on ${dateLabel}. Nothing was charged today.`,
} as const;
