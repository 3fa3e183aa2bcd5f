export const keyEntryKeys = {
  all: ['key-entry'] as const,
  state: () => [...keyEntryKeys.all, 'state'] as const,
};
