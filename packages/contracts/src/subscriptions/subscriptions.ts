import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyInput, moneyOutput } from '../money/money';
import { PaymentFrameText } from '../payment-frame/texts';

// Recurring charges: the Recurring Charges page, a subscription and its states, its calls and
// texts. The date rules are in schedule.ts.

export const recurringChargesFileName = 'RecurringCharges.xlsx';

// The product's answers, and its own words for the refusals it leaves unnamed.
export const SubscriptionText = {
  Ended: 'Successfully ended.',
  Reactivated: 'Successfully reactivated.',
  Error: 'Error. Please try again.',
  ChargeScheduled: 'Successfully added.',
  ScheduleFailed: 'Payment failed to schedule.',
  ScheduleFailedTryAgain: 'Payment failed to schedule. Please try again.',
  PaymentSuccessful: 'Payment was successful.',
  PaymentFailed: 'Payment failed.',
  PaymentFailedTryAgain: 'Payment failed to process. Please try again.',
  StartDateInPast: 'Start date can not be in past',
  AmountNotValid: 'Amount is not valid',
  AlreadyEnded: 'This series has already ended.',
  AlreadyActive: 'This series is already active.',
  NoCyclesRemaining: 'This series has no cycles remaining.',
  NotFound: 'Subscription not found',
  ChargeAlreadyOnDate: 'A charge of this series is already recorded on that date.',
  PaymentMethodNotFound: 'The saved payment method was not found.',
  // A user tied to several of the merchant's locations says where a charge now is taken (the
  // virtual terminal's words for the same rule).
  LocationRequired: PaymentFrameText.LocationRequired,
  LocationNotValid: 'This location is not one of yours at this merchant.',
  // One answer for a forged, malformed or already used cancelId: no oracle of which.
  CancelLinkNotValid: 'This cancellation link is not valid or has already been used.',
  CancelSubscription: 'Cancel Subscription',
  CancellationConfirmed: 'Cancellation confirmed',
  Unsubscribed: 'You successfully unsubscribed from service',
  // The unsubscribe card of a series that ended some other way: said before any button.
  LinkSeriesEnded: 'This subscription has already ended. Nothing more will be charged.',
  StatusActive: 'Active',
  StatusInactive: 'Inactive',
} as const;

// End reasons written by the portal (the scheduler's own are in schedule.ts).
export const SubscriptionEndReasonText = {
  EndedByMerchant: 'Ended by merchant',
  CancelledByCustomer: 'Cancelled by customer',
  // An ended series without a recorded reason.
  Ended: 'Ended',
} as const;

export const SubscriptionErrorCode = {
  NotFound: 'SUBSCRIPTION_NOT_FOUND',
  AlreadyEnded: 'SUBSCRIPTION_ALREADY_ENDED',
  AlreadyActive: 'SUBSCRIPTION_ALREADY_ACTIVE',
  NoCyclesRemaining: 'SUBSCRIPTION_NO_CYCLES_REMAINING',
  DateInPast: 'SUBSCRIPTION_DATE_IN_PAST',
  AmountNotValid: 'SUBSCRIPTION_AMOUNT_NOT_VALID',
  CancelLinkNotValid: 'CANCEL_LINK_NOT_VALID',
  ChargeAlreadyOnDate: 'SUBSCRIPTION_CHARGE_ALREADY_ON_DATE',
  PaymentMethodNotFound: 'SUBSCRIPTION_PAYMENT_METHOD_NOT_FOUND',
  LocationRequired: 'SUBSCRIPTION_LOCATION_REQUIRED',
  LocationNotValid: 'SUBSCRIPTION_LOCATION_NOT_VALID',
} as const;

// A calendar date 'yyyy-mm-dd' (charge dates are dates in the merchant's zone, not instants).
const calendarDate = z.iso.date();

// An amount to charge: at most 2 decimals (moneyInput) and more than zero ('Amount is not
// valid'); the largest a bigint of cents holds exactly in a double is far beyond any real charge.
export const positiveAmountCents = moneyInput.refine((cents) => cents > 0 && cents <= 99_999_999_99, {
  message: SubscriptionText.AmountNotValid,
});

// GET /api/subscription?clientid={id}. Without clientid: every series the caller reaches.
export const subscriptionListQuery = z.strictObject({ clientid: z.uuid().optional() });

export const subscriptionIntervalSchema = z.enum(['daily', 'weekly', 'monthly', 'yearly']);

export const subscriptionRowSchema = z.object({
  id: z.uuid(),
  client_id: z.uuid(),
  merchant_name: z.string(),
  // 'true' or 'false' as text; status_label is the word the grid shows.
  status: z.enum(['true', 'false']),
  status_label: z.enum([SubscriptionText.StatusActive, SubscriptionText.StatusInactive]),
  email: z.string(),
  amount: moneyOutput,
  start: calendarDate,
  end: calendarDate.nullable(),
  // The date of the first charge taken, else the one planned (start plus trial days).
  first_charge: calendarDate,
  next: calendarDate.nullable(),
  cycles: z.number().int().nullable(),
  // null: recurs until cancelled.
  cycles_remaining: z.number().int().nullable(),
  cycles_completed: z.number().int(),
  interval: subscriptionIntervalSchema,
  frequency: z.number().int(),
  trial_days: z.number().int(),
  // The token shown without its first segment ('1111-12-2030' of 'VISA-1111-12-2030').
  token: z.string(),
  description: z.string().nullable(),
  end_reason: z.string().nullable(),
  ended_at: z.iso.datetime().nullable(),
  // Failed charges of the series so the merchant sees them.
  failed_charges: z.number().int(),
  last_failed_charge: calendarDate.nullable(),
  // A one-off amount set for the next charge (override), else null.
  next_amount: moneyOutput.nullable(),
  created_at: z.iso.datetime(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;
export const subscriptionListResponse = successEnvelope(z.array(subscriptionRowSchema));

// PATCH /api/subscription/unsubscribe {subscription_id, reason}: the merchant ends the series. The
// end reason is always 'Ended by merchant'; reason is kept in the audit trail.
export const subscriptionUnsubscribeBody = z.strictObject({
  subscription_id: z.uuid(),
  reason: z.string().max(500).optional(),
});
export type SubscriptionUnsubscribeBody = z.infer<typeof subscriptionUnsubscribeBody>;

// PATCH /api/subscription/reactivate {subscription_id, next}: next is the new first charge date,
// today or later in the merchant's zone.
export const subscriptionReactivateBody = z.strictObject({
  subscription_id: z.uuid(),
  next: calendarDate,
});
export type SubscriptionReactivateBody = z.infer<typeof subscriptionReactivateBody>;

// PATCH /api/subscription/override {subscription_id, next, amount}: Add a Charge with timing
// 'nextScheduled'. The next charge is taken for amount (this once) on next (default: the
// date already scheduled).
export const subscriptionOverrideBody = z.strictObject({
  subscription_id: z.uuid(),
  next: calendarDate.optional(),
  amount: z.union([z.string().max(30), z.number()]),
});
export type SubscriptionOverrideBody = z.infer<typeof subscriptionOverrideBody>;

// POST /api/charge {amount, token, subscription_id} (Idempotency-Key header): Add a Charge 'now'
// charges a saved payment method of the series' customer at once. token is the method's
// token, whole or as displayed (without its first segment). The answer is the payment frame's charge
// answer (payment-frame/charge.ts chargeResponse): data.status is read.
// location_id: the sub-location the charge is recorded at, for a user tied to several of the
// merchant's locations (GET /api/subscription/charge-locations lists them).
export const seriesChargeBody = z.strictObject({
  subscription_id: z.uuid(),
  token: z.string().min(1).max(200),
  amount: z.union([z.string().max(30), z.number()]),
  location_id: z.uuid().optional(),
});
export type SeriesChargeBody = z.infer<typeof seriesChargeBody>;

// GET /api/subscription/charge-locations?subscription_id=: the locations a charge now of this series
// may be recorded at by the caller (a location-tied user's own at its merchant; none for a user who
// reaches every location: the series' location applies), and the one chosen when none is named.
export const seriesChargeLocationsQuery = z.strictObject({ subscription_id: z.uuid() });
export const seriesChargeLocationsSchema = z.object({
  locations: z.array(z.object({ id: z.uuid(), name: z.string() })),
  default_location_id: z.uuid().nullable(),
});
export type SeriesChargeLocations = z.infer<typeof seriesChargeLocationsSchema>;
export const seriesChargeLocationsResponse = successEnvelope(seriesChargeLocationsSchema);

// The answer of the three writes: the product's text and the series as the grid shows it now.
export const subscriptionWriteResponse = successEnvelope(
  z.object({ text: z.string(), subscription: subscriptionRowSchema }),
);

// POST /api/unsubscribe {cancelId, reason} (no sign-in): cancelId is the token of the receipt's link.
export const publicUnsubscribeBody = z.strictObject({
  cancelId: z.string().min(1).max(200),
  reason: z.string().max(500).optional(),
});
export type PublicUnsubscribeBody = z.infer<typeof publicUnsubscribeBody>;
export const publicUnsubscribeResponse = successEnvelope(z.object({ text: z.string() }));

// GET /api/unsubscribe/{cancelId}: what the unsubscribe card asks about, read from the token (the
// merchant name and amount in the page address are for display before it answers).
export const cancelIdParams = z.strictObject({ cancelId: z.string().min(1).max(200) });
// end_reason: null while the series runs; the reason in words once it has ended.
export const cancelLinkSummarySchema = z.object({
  merchant_name: z.string(),
  amount: moneyOutput,
  end_reason: z.string().nullable(),
});
export const cancelLinkSummaryResponse = successEnvelope(cancelLinkSummarySchema);

// The public page's address: /unsubscribe/{cancelId}+{merchantName}+{amount} (the first
// part is the cancel token, not the series id).
export function unsubscribePagePath(cancelId: string, merchantName: string, amount: string): string {
  return `/unsubscribe/${[cancelId, merchantName, amount].map(encodeURIComponent).join('+')}`;
}
