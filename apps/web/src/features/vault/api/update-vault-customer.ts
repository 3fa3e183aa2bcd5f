import { type VaultCustomerPatchBody, vaultCustomerPatchResponse } from '@portico/contracts/vault/vault';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { vaultKeys } from './keys';

// PATCH /api/v1/vault/{id} with the customer body; the search is read again after.
export function updateVaultCustomer(id: string, body: VaultCustomerPatchBody) {
  return apiRequest(`/api/v1/vault/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: vaultCustomerPatchResponse.shape.message,
  });
}

export function useUpdateVaultCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VaultCustomerPatchBody }) => updateVaultCustomer(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vaultKeys.all }),
  });
}
