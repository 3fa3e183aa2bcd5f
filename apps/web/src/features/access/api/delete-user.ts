import { deleteUserResponse } from '@portico/contracts/access/user-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// /api/user/delete?id= (the method is open: DELETE here).
export function deleteUser(id: string) {
  return apiRequest('/api/user/delete', {
    method: 'DELETE',
    query: { id },
    schema: deleteUserResponse.shape.message,
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
