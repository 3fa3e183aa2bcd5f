import { type SearchCriteria, type SearchRow, searchResponse } from '@portico/contracts/transactions/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportingKeys } from './keys';

const searchMessageSchema = searchResponse.shape.message;

// POST /api/v1/report/search with the criteria JSON: message.value holds the rows, newest first.
export async function searchTransactions(
  criteria: SearchCriteria,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchRow[]> {
  const message = await apiRequest('/api/v1/report/search', {
    method: 'POST',
    body: criteria,
    schema: searchMessageSchema,
    signal,
  });
  return message.value;
}

export function transactionSearchQueryOptions(criteria: SearchCriteria) {
  return queryOptions({
    queryKey: reportingKeys.search(criteria),
    queryFn: ({ signal }) => searchTransactions(criteria, { signal }),
    staleTime: 0,
    retry: false,
  });
}

// criteria null: the form is showing, nothing to search yet.
export function useTransactionSearch(criteria: SearchCriteria | null) {
  const placeholder: SearchCriteria = { start_date: '', end_date: '' };
  return useQuery({ ...transactionSearchQueryOptions(criteria ?? placeholder), enabled: criteria !== null });
}
