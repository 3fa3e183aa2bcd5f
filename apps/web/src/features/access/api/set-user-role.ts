import { rbacUserResponse } from '@portico/contracts/access/rbac-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// PATCH /api/rbac/{id}/users/{userId} {role}: Edit User's role on the merchant.
export function setUserRole(input: { clientId: string; userId: string; roleId: string | null }) {
  return apiRequest(
    `/api/rbac/${encodeURIComponent(input.clientId)}/users/${encodeURIComponent(input.userId)}`,
    {
      method: 'PATCH',
      body: { role: input.roleId },
      schema: rbacUserResponse.shape.message,
    },
  );
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
