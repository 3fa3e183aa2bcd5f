import { certificationResponse } from '@portico/contracts/dashboard/certification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DashboardScope, dashboardQuery, homeKeys } from './keys';

const certificationSchema = certificationResponse.shape.message;

// GET /api/certification?id={id}: passed tests per category (without id: the caller's own client).
export function getCertification(scope: DashboardScope, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/certification', {
    schema: certificationSchema,
    query: dashboardQuery(scope),
    signal,
  });
}

export function certificationQueryOptions(scope: DashboardScope) {
  return queryOptions({
    queryKey: homeKeys.certification(scope),
    queryFn: ({ signal }) => getCertification(scope, { signal }),
  });
}

export function useCertification(scope: DashboardScope, { enabled }: { enabled: boolean }) {
  return useQuery({ ...certificationQueryOptions(scope), enabled });
}
