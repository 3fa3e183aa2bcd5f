import { roleResponse } from '@portico/contracts/access/rbac-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// POST /api/rbac/{merchantId}/roles {name}.
export function createRole(input: { clientId: string; name: string }) {
  return apiRequest(`/api/rbac/${encodeURIComponent(input.clientId)}/roles`, {
    method: 'POST',
    body: { name: input.name },
    schema: roleResponse.shape.message,
  });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
