import { type StatementLineRow, statementReportResponse } from '@portico/contracts/statements/statements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statementKeys } from './keys';

// GET /api/report/statement?month&clientid: the statement page rows.
export function getStatementLines(
  merchantId: string | null,
  yearMonth: string,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest('/api/report/statement', {
    schema: statementReportResponse.shape.message,
    query: { month: yearMonth, clientid: merchantId ?? undefined },
    signal,
  });
}

export function statementLinesQueryOptions(merchantId: string | null, yearMonth: string) {
  return queryOptions<StatementLineRow[]>({
    queryKey: statementKeys.lines(merchantId, yearMonth),
    queryFn: ({ signal }) => getStatementLines(merchantId, yearMonth, { signal }),
  });
}

export function useStatementLines(
  merchantId: string | null,
  yearMonth: string,
  { enabled }: { enabled: boolean },
) {
  return useQuery({ ...statementLinesQueryOptions(merchantId, yearMonth), enabled });
}
