import { riskAlertsResponse } from '@portico/contracts/dashboard/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DashboardScope, dashboardQuery, homeKeys } from './keys';

const riskAlertsSchema = riskAlertsResponse.shape.message;

// GET /api/risk?id={id}: the open risk alerts (admin only); the card shows their count.
export function getRiskAlerts(scope: DashboardScope, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/risk', { schema: riskAlertsSchema, query: dashboardQuery(scope), signal });
}

export function riskAlertsQueryOptions(scope: DashboardScope) {
  return queryOptions({
    queryKey: homeKeys.riskAlerts(scope),
    queryFn: ({ signal }) => getRiskAlerts(scope, { signal }),
  });
}

export function useRiskAlerts(scope: DashboardScope, { enabled }: { enabled: boolean }) {
  return useQuery({ ...riskAlertsQueryOptions(scope), enabled });
}
