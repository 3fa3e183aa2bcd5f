export const virtualTerminalKeys = {
  all: ['virtual-terminal'] as const,
  load: (publishableKey: string, search: string) =>
    [...virtualTerminalKeys.all, 'load', publishableKey, search] as const,
};
