import { type AccountContactBody, accountContactResponse } from '@portico/contracts/access/user-admin';
import { type ClientUserEntry, clientUsersResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

// GET /api/client/users?id={clientid}: entries whose fourth element is the user (spec 2 §7).
export function getAccountUsers(clientId: string, signal?: AbortSignal): Promise<ClientUserEntry[]> {
  return apiRequest('/api/client/users', {
    schema: clientUsersResponse.shape.message,
    query: { id: clientId },
    signal,
  });
}

export function useAccountUsers(clientId: string) {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.users(clientId),
      queryFn: ({ signal }) => getAccountUsers(clientId, signal),
    }),
  );
}

// POST /api/user {name, email, phone, user_type, client_id, label, is_locked_out} (spec 2 §7).
export function createAccountContact(body: AccountContactBody) {
  return apiRequest('/api/user', { method: 'POST', schema: accountContactResponse.shape.message, body });
}

export function useCreateAccountContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccountContact,
    onSuccess: (_user, body) =>
      queryClient.invalidateQueries({ queryKey: accountKeys.users(body.client_id) }),
  });
}
