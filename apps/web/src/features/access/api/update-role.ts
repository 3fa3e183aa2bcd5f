import { roleResponse } from '@portico/contracts/access/rbac-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// PATCH /api/rbac/{clientId}/roles/{roleId} {name}: the server trims and falls back too.
export function updateRole(input: { clientId: string; roleId: string; name: string }) {
  return apiRequest(
    `/api/rbac/${encodeURIComponent(input.clientId)}/roles/${encodeURIComponent(input.roleId)}`,
    {
      method: 'PATCH',
      body: { name: input.name },
      schema: roleResponse.shape.message,
    },
  );
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
