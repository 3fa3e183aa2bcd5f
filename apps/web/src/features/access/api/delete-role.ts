import { deleteRoleResponse } from '@portico/contracts/access/rbac-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// DELETE /api/rbac/{clientId}/roles/{roleId}?force=true: the page asks first.
export function deleteRole(input: { clientId: string; roleId: string }) {
  return apiRequest(
    `/api/rbac/${encodeURIComponent(input.clientId)}/roles/${encodeURIComponent(input.roleId)}`,
    {
      method: 'DELETE',
      query: { force: 'true' },
      schema: deleteRoleResponse.shape.message,
    },
  );
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
