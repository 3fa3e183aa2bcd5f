import { userSubEntityResponse } from '@portico/contracts/access/rbac-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// POST and DELETE /api/rbac/{id}/users/{userId}/sub-entities/{subEntityId}.
export function changeUserSubEntity(input: {
  clientId: string;
  userId: string;
  subEntityId: string;
  isAdd: boolean;
}) {
  const path = [input.clientId, 'users', input.userId, 'sub-entities', input.subEntityId].map(
    encodeURIComponent,
  );
  return apiRequest(`/api/rbac/${path.join('/')}`, {
    method: input.isAdd ? 'POST' : 'DELETE',
    schema: userSubEntityResponse.shape.message,
  });
}

export function useChangeUserSubEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserSubEntity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
