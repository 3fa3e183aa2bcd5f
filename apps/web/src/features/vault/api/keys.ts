export const vaultKeys = {
  all: ['vault'] as const,
  search: (text: string) => [...vaultKeys.all, 'search', text] as const,
};
