import { useQuery } from '@tanstack/react-query';
import type { ResponseParser } from '../../../lib/api-client';
import { apiRequest } from '../../../lib/api-client';
import { operationsKeys } from './keys';

// GET /api/report/{operations|revshare|payout|subpricing|mcc|documents}: the rows of one report.
export function useReportRows<Row>(path: string, schema: ResponseParser<Row[]>) {
  return useQuery({
    queryKey: operationsKeys.report(path),
    queryFn: ({ signal }) => apiRequest(path, { schema, signal }),
  });
}
