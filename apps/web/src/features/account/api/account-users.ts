import { type AccountContactBody, accountContactResponse } from '@portico/contracts/access/user-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clientUserKeys } from '../../../lib/client-users/get-client-users';

// POST /api/user {name, email, phone, user_type, client_id, label, is_locked_out}.
export function createAccountContact(body: AccountContactBody) {
  return apiRequest('/api/user', { method: 'POST', schema: accountContactResponse.shape.message, body });
}

export function useCreateAccountContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccountContact,
    onSuccess: (_user, body) =>
      queryClient.invalidateQueries({ queryKey: clientUserKeys.ofClient(body.client_id) }),
  });
}
