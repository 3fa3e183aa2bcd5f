// Query keys of the account detail page.
export const accountKeys = {
  all: ['account'] as const,
  detail: (clientId: string) => [...accountKeys.all, 'detail', clientId] as const,
  events: (clientId: string) => [...accountKeys.all, 'events', clientId] as const,
  payoutVolume: (clientId: string) => [...accountKeys.all, 'payout-volume', clientId] as const,
  kyc: (clientId: string) => [...accountKeys.all, 'kyc', clientId] as const,
  mcc: () => [...accountKeys.all, 'mcc'] as const,
  parents: () => [...accountKeys.all, 'parents'] as const,
};
