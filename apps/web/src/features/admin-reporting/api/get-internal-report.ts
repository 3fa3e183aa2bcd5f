import {
  type InternalReportRow,
  internalReportRowsResponse,
} from '@portico/contracts/internal-reports/internal-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminReportingKeys } from './keys';

const rowsSchema = internalReportRowsResponse.shape.message;

// GET /api/v1/report/all-internal/{sourceName}.
export function getInternalReport(sourceName: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/v1/report/all-internal/${encodeURIComponent(sourceName)}`, {
    schema: rowsSchema,
    signal,
  });
}

export function internalReportQueryOptions(sourceName: string) {
  return queryOptions<InternalReportRow[]>({
    queryKey: [...adminReportingKeys.all, 'internal-report', sourceName],
    queryFn: ({ signal }) => getInternalReport(sourceName, { signal }),
  });
}

export function useInternalReport(sourceName: string) {
  return useQuery(internalReportQueryOptions(sourceName));
}
