import { type NewUserBody, newUserResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clientUserKeys } from '../../../lib/client-users/get-client-users';

// POST /api/user/new {name, email, phone, user_type, clientid, label, disabled}.
export function createAccountUser(body: NewUserBody) {
  return apiRequest('/api/user/new', { method: 'POST', schema: newUserResponse.shape.message, body });
}

export function useCreateAccountUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccountUser,
    onSuccess: (_user, body) =>
      queryClient.invalidateQueries({ queryKey: clientUserKeys.ofClient(body.clientid) }),
  });
}
