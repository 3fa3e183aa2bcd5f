import { type StatementRow, statementResponse } from '@portico/contracts/statements/statements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statementKeys } from './keys';

// GET /api/statement?year-month&merchant_id: the statements tab rows with their daily
// transactions and processor fees.
export function getStatement(
  merchantId: string | null,
  yearMonth: string,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest('/api/statement', {
    schema: statementResponse.shape.message,
    query: { 'year-month': yearMonth, merchant_id: merchantId ?? undefined },
    signal,
  });
}

export function statementQueryOptions(merchantId: string | null, yearMonth: string) {
  return queryOptions<StatementRow[]>({
    queryKey: statementKeys.statement(merchantId, yearMonth),
    queryFn: ({ signal }) => getStatement(merchantId, yearMonth, { signal }),
  });
}

export function useStatement(
  merchantId: string | null,
  yearMonth: string,
  { enabled }: { enabled: boolean },
) {
  return useQuery({ ...statementQueryOptions(merchantId, yearMonth), enabled });
}
