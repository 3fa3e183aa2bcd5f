// Spec 3 §8 "Users and subscriptions", §2 Recurring Charges and the unsubscribe pages: the texts a
// person reads, exactly as the spec writes them.
export const RecurringText = {
  PageTitle: 'Recurring Charges',
  ModalTitle: 'Recurring Charge Series',
  ViewingFor: 'Merchant',
  EndSeries: 'End This Series',
  ReactivateSeries: 'Reactivate This Series',
  AddCharge: 'Add a Charge',
  PaymentSuccessful: 'Payment was successful.',
  PaymentFailed: 'Payment failed.',
  PaymentFailedToProcess: 'Payment failed to process. Please try again.',
  ScheduleAdded: 'Successfully added.',
  ScheduleFailed: 'Payment failed to schedule.',
  ScheduleFailedTryAgain: 'Payment failed to schedule. Please try again.',
  Ended: 'Successfully ended.',
  Reactivated: 'Successfully reactivated.',
  ErrorTryAgain: 'Error. Please try again.',
  // Spec 3 §4: the reason End This Series records.
  EndedByMerchant: 'Ended by merchant',
  // Spec 3 §5 (the link builder's start-date rule, the same rule for a reactivated series).
  StartDateInPast: 'Start date can not be in past',
  AmountRequired: 'Field is required',
  AmountInvalid: 'Amount is not valid',
  CancelSubscription: 'Cancel Subscription',
  CancellationConfirmed: 'Cancellation confirmed',
  Unsubscribed: 'You successfully unsubscribed from service',
} as const;

// The file name of the grid's export (spec 3 §9).
export const recurringChargesFileName = 'RecurringCharges.xlsx';
