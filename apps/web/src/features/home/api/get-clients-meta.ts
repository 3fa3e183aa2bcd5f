import { clientsMetaResponse } from '@portico/contracts/dashboard/clients-meta';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DashboardScope, dashboardQuery, homeKeys } from './keys';

const clientsMetaSchema = clientsMetaResponse.shape.message;

// GET /api/portal/clients-meta?id={id}: the clients in reach with their level (Merchants, Parents).
export function getClientsMeta(scope: DashboardScope, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/portal/clients-meta', {
    schema: clientsMetaSchema,
    query: dashboardQuery(scope),
    signal,
  });
}

export function clientsMetaQueryOptions(scope: DashboardScope) {
  return queryOptions({
    queryKey: homeKeys.clientsMeta(scope),
    queryFn: ({ signal }) => getClientsMeta(scope, { signal }),
  });
}

export function useClientsMeta(scope: DashboardScope, { enabled }: { enabled: boolean }) {
  return useQuery({ ...clientsMetaQueryOptions(scope), enabled });
}
