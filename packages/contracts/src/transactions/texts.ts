// Dashboard, report and validation texts, exactly as the product shows them.

export const DashboardText = {
  PleaseSelectMerchant: 'Please select a merchant',
  MerchantDataSyncRequested: 'Merchant data sync requested',
  FailedToSubmitSyncRequest: 'Failed to submit sync request',
  PleaseSelectTerminalFirst: 'Please select a terminal first',
} as const;

// Titles and labels the dashboard shows.
export const DashboardLabel = {
  MonthlyPayoutVolume: 'Monthly Payout Volume',
  SelectVirtualTerminal: 'Select a Virtual Terminal',
  SelectTerminalToConfigure: 'Select a Terminal to Configure',
  NotConfigurable: '(Not Configurable)',
  OpenVirtualTerminal: 'Open a Virtual Terminal',
  ConfigureVirtualTerminal: 'Configure a Virtual Terminal',
  CreateNewTerminal: 'Create New Terminal',
  MerchantDataSync: 'Merchant Data Sync',
} as const;

export const ReportLabel = {
  ApplyRangePaged: 'Apply Range (Paged)',
  LoadAllResults: 'Load All Results',
  Cancel: 'Cancel',
  AllResults: 'All Results',
  RefineSearch: 'Refine Search',
} as const;

// Void failure shows "the server message or 'Failed to void transaction'". The product only closes the
// dialog on success; Portico also says so, in the words of the refund's alert.
export const VoidText = {
  Failed: 'Failed to void transaction',
  Successful: 'Void was successful.',
} as const;

export const RefundText = {
  Successful: 'Refund was successful.',
  Failed: 'Refund failed. Please try again.',
  // Validation texts.
  GreaterThanTransactionAmount: 'Refund can not be greater than transaction amount',
} as const;
