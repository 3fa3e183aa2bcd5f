import { type CostingRow, type CostingWindow, costingResponse } from '@portico/contracts/costing/costing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { costingKeys } from './keys';

const rowsSchema = costingResponse.shape.message;

// GET /api/costing?start&end: the costing rows of the window.
export function getCosting(window: CostingWindow, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/costing', { schema: rowsSchema, query: { ...window }, signal });
}

export function costingQueryOptions(window: CostingWindow) {
  return queryOptions<CostingRow[]>({
    queryKey: costingKeys.rows(window),
    queryFn: ({ signal }) => getCosting(window, { signal }),
  });
}

export function useCosting(window: CostingWindow, { enabled }: { enabled: boolean }) {
  return useQuery({ ...costingQueryOptions(window), enabled });
}
