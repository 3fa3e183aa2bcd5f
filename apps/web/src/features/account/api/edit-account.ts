import { accountEditResponse } from '@portico/contracts/clients/account-detail';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

export type AccountEditDraft = { id: string } & Record<string, string | boolean | null>;

// PATCH /api/client/{clientid}: body { meta: the account as a JSON string }.
export function editAccount(draft: AccountEditDraft) {
  return apiRequest(`/api/client/${draft.id}`, {
    method: 'PATCH',
    schema: accountEditResponse.shape.message,
    body: { meta: JSON.stringify(draft) },
  });
}

export function useEditAccount(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.detail(clientId) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.events(clientId) }),
      ]),
  });
}
