import { type ReportRow, reportTransactionResponse } from '@portico/contracts/transactions/report';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportingKeys } from './keys';

const reportTransactionMessage = reportTransactionResponse.shape.message;

// GET /api/v1/report/transaction?id=: one row of the caller's report, so the detail viewer can open
// the original of a void or refund, or the voids and refunds of an original.
export function getReportTransaction(id: string, signal?: AbortSignal): Promise<ReportRow> {
  return apiRequest(`/api/v1/report/transaction?id=${encodeURIComponent(id)}`, {
    schema: reportTransactionMessage,
    signal,
  });
}

export function reportTransactionQueryOptions(id: string) {
  return queryOptions({
    queryKey: reportingKeys.transaction(id),
    queryFn: ({ signal }) => getReportTransaction(id, signal),
    // A void or refund changes the row: read it fresh each time it is opened.
    staleTime: 0,
    retry: false,
  });
}
