import { statementSupportResponse } from '@portico/contracts/statements/statements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statementKeys } from './keys';

// GET /api/statement/support: the configured support contact and the disclaimer the PDF prints too.
export function getStatementSupport({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/statement/support', { schema: statementSupportResponse.shape.message, signal });
}

export const statementSupportQueryOptions = () =>
  queryOptions({
    queryKey: statementKeys.support(),
    queryFn: ({ signal }) => getStatementSupport({ signal }),
    // The contact is server configuration: it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useStatementSupport() {
  return useQuery(statementSupportQueryOptions());
}
