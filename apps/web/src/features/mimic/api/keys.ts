export const mimicKeys = {
  all: ['mimic'] as const,
  session: () => [...mimicKeys.all, 'session'] as const,
};
