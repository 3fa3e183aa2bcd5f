export const recurringKeys = {
  all: ['recurring'] as const,
  series: (clientId: string | null) => [...recurringKeys.all, 'series', clientId] as const,
  cancelLink: (cancelId: string | null) => [...recurringKeys.all, 'cancel-link', cancelId] as const,
  chargeLocations: (subscriptionId: string) =>
    [...recurringKeys.all, 'charge-locations', subscriptionId] as const,
};
