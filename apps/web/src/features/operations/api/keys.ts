export const operationsKeys = {
  all: ['operations'] as const,
  report: (path: string) => [...operationsKeys.all, path] as const,
};
