import { type ReportRow, reportPageResponse } from '@portico/contracts/transactions/report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type AdminReportRange, type AdminReportSource, adminReportQuery } from '../utils/admin-report.utils';
import { adminReportingKeys } from './keys';

const rowsSchema = reportPageResponse.shape.message;

// GET /api/v1/report, every row of the window: the Home tab over Portico's transactions,
// the with-snowflake tab with snowflake=true.
export function getAdminReport(
  source: AdminReportSource,
  range: AdminReportRange,
  timeZone: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReportRow[]> {
  return apiRequest('/api/v1/report', {
    schema: rowsSchema,
    query: adminReportQuery(source, range, timeZone),
    signal,
  });
}

export function adminReportQueryOptions(
  source: AdminReportSource,
  range: AdminReportRange,
  timeZone: string,
) {
  return queryOptions({
    queryKey: adminReportingKeys.report(source, range.from, range.to, timeZone),
    queryFn: ({ signal }) => getAdminReport(source, range, timeZone, { signal }),
  });
}

export function useAdminReport(
  source: AdminReportSource,
  range: AdminReportRange,
  timeZone: string,
  { enabled }: { enabled: boolean },
) {
  return useQuery({ ...adminReportQueryOptions(source, range, timeZone), enabled });
}
