import { type GlobalSearchGroup, globalSearchResponse } from '@portico/contracts/search/global-search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchKeys } from './keys';

const groupsSchema = globalSearchResponse.shape.message;

// GET /api/search?q=: the caller's rows of each kind, grouped; q is already trimmed and 1–100 long.
export async function getGlobalSearch(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<GlobalSearchGroup[]> {
  const answer = await apiRequest('/api/search', { schema: groupsSchema, query: { q: query }, signal });
  return answer.groups;
}

export function globalSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => getGlobalSearch(query, { signal }),
    staleTime: 30_000,
  });
}

export function useGlobalSearch(query: string) {
  return useQuery({
    ...globalSearchQueryOptions(query),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
}
