export const recurringKeys = {
  all: ['recurring'] as const,
  series: (clientId: string | null) => [...recurringKeys.all, 'series', clientId] as const,
  cancelLink: (cancelId: string | null) => [...recurringKeys.all, 'cancel-link', cancelId] as const,
  // Outside `all`: a series write re-reads the grid, not the caller's locations (which it does not
  // change); a slower extra refetch there would let the modal's action unmount before its toast.
  chargeLocations: (subscriptionId: string) => ['recurring-charge-locations', subscriptionId] as const,
};
