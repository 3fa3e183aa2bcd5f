// Saved grid layouts: one entry per stored key, and the named layouts of a grid.
export const gridConfigKeys = {
  all: ['grid-config'] as const,
  layout: (key: string) => [...gridConfigKeys.all, 'layout', key] as const,
  names: (configKey: string) => [...gridConfigKeys.all, 'names', configKey] as const,
};
