import { moneyOutput } from '@portico/contracts/money/money';
import { z } from 'zod';

// Spec 3 §3 Subscription row and §7 subscription calls, as the grid and the modal read them.
export const subscriptionRowSchema = z.object({
  id: z.string(),
  // Spec 3 §3: 'true' or 'false' as text.
  status: z.enum(['true', 'false']),
  amount: moneyOutput,
  start: z.string(),
  end: z.string().nullable(),
  next: z.string().nullable(),
  cycles: z.number().int().nullable(),
  interval: z.string(),
  token: z.string(),
  email: z.string(),
  end_reason: z.string().nullable(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;

export const subscriptionListSchema = z.array(subscriptionRowSchema);
export const subscriptionChangeSchema = z.unknown();
// Spec 3 §7: POST /api/charge answers data.status.
export const chargeAnswerSchema = z.object({ status: z.boolean() });
