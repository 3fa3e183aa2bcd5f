export const exportsKeys = {
  all: ['exports'] as const,
  list: () => [...exportsKeys.all, 'list'] as const,
};
