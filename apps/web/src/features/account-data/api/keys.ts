// Query keys of the account data page.
export const accountDataKeys = {
  all: ['account-data'] as const,
  record: (clientId: string) => [...accountDataKeys.all, 'record', clientId] as const,
  enablement: (clientId: string) => [...accountDataKeys.all, 'enablement', clientId] as const,
  events: (clientId: string) => [...accountDataKeys.all, 'events', clientId] as const,
};
