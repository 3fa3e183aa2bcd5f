import { merchantTimeZone } from '@portico/contracts/subscriptions/schedule';

// The page's own words; the server's answers are SubscriptionText in contracts.
export const RecurringText = {
  PageTitle: 'Recurring Charges',
  ModalTitle: 'Recurring Charge Series',
  ViewingFor: 'Merchant',
  EndSeries: 'End This Series',
  ReactivateSeries: 'Reactivate This Series',
  AddCharge: 'Add a Charge',
  // The answer to an empty amount.
  AmountRequired: 'Field is required',
  // Beside the date pickers: series dates are the merchant's days, checked in this zone by the server.
  MerchantDateNote: `Merchant's date (${merchantTimeZone})`,
} as const;
