import { terminalCustomFieldsResponse } from '@portico/contracts/access/rbac-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/permissions/merchant/{merchantId}/terminal/{terminalId}/custom-fields.
export function getTerminalFields(
  merchantId: string,
  terminalId: string,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest(
    `/api/permissions/merchant/${encodeURIComponent(merchantId)}/terminal/${encodeURIComponent(terminalId)}/custom-fields`,
    { schema: terminalCustomFieldsResponse.shape.message, signal },
  );
}

export function terminalFieldsQueryOptions(merchantId: string, terminalId: string) {
  return queryOptions({
    queryKey: accessKeys.terminalFields(merchantId, terminalId),
    queryFn: ({ signal }) => getTerminalFields(merchantId, terminalId, { signal }),
  });
}

export function useTerminalFields(merchantId: string | null, terminalId: string | null) {
  return useQuery({
    ...terminalFieldsQueryOptions(merchantId ?? '', terminalId ?? ''),
    enabled: merchantId !== null && terminalId !== null,
  });
}
