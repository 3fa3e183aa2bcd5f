import { merchantTerminalsResponse } from '@portico/contracts/access/rbac-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/permissions/merchant/{id}/terminals.
export function getTerminals(merchantId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/permissions/merchant/${encodeURIComponent(merchantId)}/terminals`, {
    schema: merchantTerminalsResponse.shape.message,
    signal,
  });
}

export function terminalsQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: accessKeys.terminals(merchantId),
    queryFn: ({ signal }) => getTerminals(merchantId, { signal }),
  });
}

export function useTerminals(merchantId: string | null) {
  return useQuery({ ...terminalsQueryOptions(merchantId ?? ''), enabled: merchantId !== null });
}
