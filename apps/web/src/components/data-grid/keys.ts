import type { DataGridQueryValue } from './data-grid.types';

export const dataGridKeys = {
  all: ['data-grid'] as const,
  url: (url: string, query: Readonly<Record<string, DataGridQueryValue>> | undefined) =>
    [...dataGridKeys.all, url, query ?? {}] as const,
};
