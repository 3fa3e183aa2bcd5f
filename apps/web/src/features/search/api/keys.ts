export const searchKeys = {
  all: ['global-search'] as const,
  results: (query: string) => [...searchKeys.all, 'results', query] as const,
};
