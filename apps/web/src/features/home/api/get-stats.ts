import { statsResponse } from '@portico/contracts/transactions/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { type DashboardScope, dashboardQuery, homeKeys } from './keys';

const statsSchema = statsResponse.shape.message;
export type DashboardStats = z.infer<typeof statsSchema>;

// GET /api/stats?id={merchant}: the last 7 and 30 days ending yesterday, and the monthly volume.
export function getStats(scope: DashboardScope, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/stats', { schema: statsSchema, query: dashboardQuery(scope), signal });
}

export function statsQueryOptions(scope: DashboardScope) {
  return queryOptions({
    queryKey: homeKeys.stats(scope),
    queryFn: ({ signal }) => getStats(scope, { signal }),
  });
}

export function useStats(scope: DashboardScope) {
  return useQuery(statsQueryOptions(scope));
}
