export const merchantsKeys = {
  all: ['merchants'] as const,
  grid: () => [...merchantsKeys.all, 'grid'] as const,
  clientList: () => [...merchantsKeys.all, 'client-list'] as const,
  subpricing: (clientId: string) => [...merchantsKeys.all, 'subpricing', clientId] as const,
};
