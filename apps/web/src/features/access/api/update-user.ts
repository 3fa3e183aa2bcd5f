import { type UpdateUserBody, userResponse } from '@portico/contracts/access/user-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// PATCH /api/user/update with the edited user.
export function updateUser(body: UpdateUserBody) {
  return apiRequest('/api/user/update', { method: 'PATCH', body, schema: userResponse.shape.message });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
