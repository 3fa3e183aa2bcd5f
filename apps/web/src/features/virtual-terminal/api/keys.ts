export const virtualTerminalKeys = {
  all: ['virtual-terminal'] as const,
  load: (publishableKey: string, search: string) =>
    [...virtualTerminalKeys.all, 'load', publishableKey, search] as const,
  vaultCustomer: (customerId: string) => [...virtualTerminalKeys.all, 'vault-customer', customerId] as const,
};
