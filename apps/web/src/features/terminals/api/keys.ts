export const terminalsKeys = {
  all: ['terminals'] as const,
  list: () => [...terminalsKeys.all, 'list'] as const,
  merchants: () => [...terminalsKeys.all, 'merchants'] as const,
};
