export const passwordKeys = {
  all: ['password'] as const,
  status: () => [...passwordKeys.all, 'status'] as const,
};
