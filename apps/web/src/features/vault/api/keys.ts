export const vaultKeys = {
  all: ['vault'] as const,
  search: (clientId: string | null, text: string) => [...vaultKeys.all, 'search', clientId, text] as const,
};
