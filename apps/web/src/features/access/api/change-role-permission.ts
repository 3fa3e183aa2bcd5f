import type { PermissionName } from '@portico/contracts/access/permission-names';
import { roleResponse } from '@portico/contracts/access/rbac-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// POST and DELETE /api/rbac/{clientId}/roles/{roleId}/permissions/{permission}.
export function changeRolePermission(input: {
  clientId: string;
  roleId: string;
  permission: PermissionName;
  isGrant: boolean;
}) {
  const path = [input.clientId, 'roles', input.roleId, 'permissions', input.permission].map(
    encodeURIComponent,
  );
  return apiRequest(`/api/rbac/${path.join('/')}`, {
    method: input.isGrant ? 'POST' : 'DELETE',
    schema: roleResponse.shape.message,
  });
}

export function useChangeRolePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRolePermission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
