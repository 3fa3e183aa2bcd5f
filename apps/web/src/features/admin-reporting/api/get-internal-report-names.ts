import { internalReportNamesResponse } from '@portico/contracts/internal-reports/internal-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminReportingKeys } from './keys';

const namesSchema = internalReportNamesResponse.shape.message;

// GET /api/v1/report/all-internal: the names of the internal reports.
export function getInternalReportNames({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  return apiRequest('/api/v1/report/all-internal', { schema: namesSchema, signal });
}

export function internalReportNamesQueryOptions() {
  return queryOptions({
    queryKey: adminReportingKeys.internalReportNames(),
    queryFn: ({ signal }) => getInternalReportNames({ signal }),
    staleTime: 10 * 60_000,
  });
}

export function useInternalReportNames() {
  return useQuery(internalReportNamesQueryOptions());
}
