import { clientHierarchyResponse } from '@portico/contracts/clients/account-detail';
import { clientParentsResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

// GET /api/client/parent: the parents staff may assign, by legal name.
export function getParents(signal?: AbortSignal) {
  return apiRequest('/api/client/parent', { schema: clientParentsResponse.shape.message, signal });
}

export function useParents(isEnabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: accountKeys.parents(), queryFn: ({ signal }) => getParents(signal) }),
    enabled: isEnabled,
  });
}

// POST /api/client/hierarchy {clientid, parent_legal_name}.
export function changeAccountParent(body: { clientid: string; parent_legal_name: string }) {
  return apiRequest('/api/client/hierarchy', {
    method: 'POST',
    schema: clientHierarchyResponse.shape.message,
    body,
  });
}

export function useChangeAccountParent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccountParent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
