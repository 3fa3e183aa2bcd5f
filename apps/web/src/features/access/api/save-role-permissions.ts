import type { PermissionName } from '@portico/contracts/access/permission-names';
import { roleResponse } from '@portico/contracts/access/rbac-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// PUT /api/rbac/{clientId}/roles/{roleId}/permissions: the role's whole set, saved at once.
export function saveRolePermissions(input: {
  clientId: string;
  roleId: string;
  permissions: readonly PermissionName[];
}) {
  const path = [input.clientId, 'roles', input.roleId, 'permissions'].map(encodeURIComponent);
  return apiRequest(`/api/rbac/${path.join('/')}`, {
    method: 'PUT',
    body: { permissions: input.permissions },
    schema: roleResponse.shape.message,
  });
}

export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRolePermissions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
