import { type CreateUserBody, userResponse } from '@portico/contracts/access/user-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// POST /api/user.
export function createUser(body: CreateUserBody) {
  return apiRequest('/api/user', { method: 'POST', body, schema: userResponse.shape.message });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
