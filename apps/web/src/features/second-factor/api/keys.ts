export const secondFactorKeys = {
  all: ['second-factor'] as const,
  status: () => [...secondFactorKeys.all, 'status'] as const,
  teamRequirement: (clientId: string) => [...secondFactorKeys.all, 'team', clientId] as const,
};
