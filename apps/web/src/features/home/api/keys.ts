export const homeKeys = {
  all: ['home'] as const,
  readiness: () => [...homeKeys.all, 'readiness'] as const,
};
