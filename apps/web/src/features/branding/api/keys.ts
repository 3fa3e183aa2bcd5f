export const brandingKeys = {
  all: ['branding'] as const,
  whiteLabel: (clientId: string) => [...brandingKeys.all, 'white-label', clientId] as const,
};
