import {
  type CostingEstimateRow,
  type CostingWindow,
  costingEstimatesResponse,
} from '@portico/contracts/costing/costing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { costingKeys } from './keys';

const rowsSchema = costingEstimatesResponse.shape.message;

// GET /api/v1/costing?start&end: each transaction of the window with its estimated cost.
export function getCostingEstimates(window: CostingWindow, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/costing', { schema: rowsSchema, query: { ...window }, signal });
}

export function costingEstimatesQueryOptions(window: CostingWindow) {
  return queryOptions<CostingEstimateRow[]>({
    queryKey: costingKeys.estimates(window),
    queryFn: ({ signal }) => getCostingEstimates(window, { signal }),
  });
}

export function useCostingEstimates(window: CostingWindow, { enabled }: { enabled: boolean }) {
  return useQuery({ ...costingEstimatesQueryOptions(window), enabled });
}
