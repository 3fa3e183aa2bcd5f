import type { CostingWindow } from '@portico/contracts/costing/costing';

export const costingKeys = {
  all: ['costing'] as const,
  rows: (window: CostingWindow) => [...costingKeys.all, 'rows', window.start, window.end] as const,
  estimates: (window: CostingWindow) => [...costingKeys.all, 'estimates', window.start, window.end] as const,
};
