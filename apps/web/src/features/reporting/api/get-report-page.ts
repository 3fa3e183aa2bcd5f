import type { ReportRow } from '@portico/contracts/transactions/report';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, isAbortError, REQUEST_TIMEOUT_MS } from '../../../lib/api-client';
import type { ReportRequestQuery } from '../utils/report-query.utils';
import { reportingKeys } from './keys';
import { apiErrorOfResponse, readReportPageAnswer, reportUrl } from './report-request';

export type ReportPage = { rows: ReportRow[]; total: number };

// GET /api/v1/report, paged: one page of [created time, transaction, DBA name, parent name] rows and
// the row count of the whole window.
export async function getReportPage(
  query: ReportRequestQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReportPage> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(reportUrl(query), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw await apiErrorOfResponse(response);
    const answer = await readReportPageAnswer(response);
    return { rows: answer.message, total: answer.total };
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    if (timeout.aborted) {
      throw new ApiError('TIMEOUT', 'The server took too long to answer. Please try again.', 0);
    }
    if (isAbortError(error)) throw error;
    throw new ApiError('NETWORK_ERROR', 'The server could not be reached. Check your connection.', 0);
  }
}

export function reportPageQueryOptions(query: ReportRequestQuery) {
  return queryOptions({
    queryKey: reportingKeys.reportPage(query),
    queryFn: ({ signal }) => getReportPage(query, { signal }),
    // The grid keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // A transaction list goes stale quickly (voids, refunds, new sales).
    staleTime: 0,
    retry: false,
  });
}

// query null: nothing to ask (dates not readable, or Load All showing).
export function useReportPage(query: ReportRequestQuery | null) {
  return useQuery({ ...reportPageQueryOptions(query ?? {}), enabled: query !== null });
}
