import {
  type SaveVirtualTerminalBody,
  saveVirtualTerminalResponse,
} from '@portico/contracts/virtual-terminals/terminal-configuration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { virtualTerminalKeys } from '../../../lib/virtual-terminals/get-virtual-terminals';

// POST /api/virtualterminalurl {url, customFields, apikey, name, is_active, id?}.
export function saveVirtualTerminal(publishableKey: string, body: SaveVirtualTerminalBody) {
  return apiRequest('/api/virtualterminalurl', {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${publishableKey}` },
    schema: saveVirtualTerminalResponse.shape.message,
  });
}

export function useSaveVirtualTerminal(publishableKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveVirtualTerminalBody) => saveVirtualTerminal(publishableKey, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: virtualTerminalKeys.ofMerchant(publishableKey) }),
  });
}
