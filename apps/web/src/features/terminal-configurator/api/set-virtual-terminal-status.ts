import { patchVirtualTerminalResponse } from '@portico/contracts/virtual-terminals/terminal-configuration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { virtualTerminalKeys } from '../../../lib/virtual-terminals/get-virtual-terminals';

// PATCH /api/virtualterminalurl/{id} {is_active}.
export function setVirtualTerminalStatus(publishableKey: string, id: string, isActive: boolean) {
  return apiRequest(`/api/virtualterminalurl/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { is_active: isActive },
    headers: { Authorization: `Bearer ${publishableKey}` },
    schema: patchVirtualTerminalResponse.shape.message,
  });
}

export function useSetVirtualTerminalStatus(publishableKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      setVirtualTerminalStatus(publishableKey, id, isActive),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: virtualTerminalKeys.ofMerchant(publishableKey) }),
  });
}
