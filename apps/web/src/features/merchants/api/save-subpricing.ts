import {
  type SubpricingInput,
  type SubpricingRow,
  subpricingCopyResponse,
  subpricingSaveResponse,
} from '@portico/contracts/clients/subpricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantsKeys } from './keys';

// POST /api/subpricing: adds or replaces the row of one MCC code (fields left out stay as they are).
export function saveSubpricing(body: SubpricingInput): Promise<SubpricingRow> {
  return apiRequest('/api/subpricing', {
    method: 'POST',
    body,
    schema: subpricingSaveResponse.shape.message,
  });
}

// POST /api/subpricing/copy: every row of one client onto another.
export function copySubpricing(body: { from_client_id: string; to_client_id: string }) {
  return apiRequest('/api/subpricing/copy', {
    method: 'POST',
    body,
    schema: subpricingCopyResponse.shape.message,
  });
}

export function useSaveSubpricingRows(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // One call per row, one after another: the server keeps one row per MCC code.
    mutationFn: async (rows: readonly SubpricingInput[]) => {
      for (const row of rows) await saveSubpricing(row);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantsKeys.subpricing(clientId) }),
  });
}

export function useCopySubpricing(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fromClientId: string) =>
      copySubpricing({ from_client_id: fromClientId, to_client_id: clientId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantsKeys.subpricing(clientId) }),
  });
}
