import { operationsAlertsResponse } from '@portico/contracts/dashboard/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DashboardScope, dashboardQuery, homeKeys } from './keys';

const operationsAlertsSchema = operationsAlertsResponse.shape.message;

// GET /api/operations?id={id}: the open operations alerts (admin only); the card shows their count.
export function getOperationsAlerts(scope: DashboardScope, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/operations', {
    schema: operationsAlertsSchema,
    query: dashboardQuery(scope),
    signal,
  });
}

export function operationsAlertsQueryOptions(scope: DashboardScope) {
  return queryOptions({
    queryKey: homeKeys.operationsAlertsOf(scope),
    queryFn: ({ signal }) => getOperationsAlerts(scope, { signal }),
  });
}

export function useOperationsAlerts(scope: DashboardScope, { enabled }: { enabled: boolean }) {
  return useQuery({ ...operationsAlertsQueryOptions(scope), enabled });
}
