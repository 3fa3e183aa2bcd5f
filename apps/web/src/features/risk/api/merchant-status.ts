import {
  merchantHistoryResponse,
  merchantNamesResponse,
  merchantOptionsOf,
  merchantStatusChangeResponse,
  merchantStatusResponse,
} from '@portico/contracts/risk/risk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { riskKeys } from './keys';

// GET /api/merchant-names: [{id: name}], flattened for the picker.
export function useMerchantOptions() {
  return useQuery({
    queryKey: riskKeys.merchantNames(),
    queryFn: async ({ signal }) => {
      const names = await apiRequest('/api/merchant-names', {
        schema: merchantNamesResponse.shape.message,
        signal,
      });
      return merchantOptionsOf(names.merchant_names);
    },
  });
}

// GET /api/merchant-status/{id}: message.is_active.
export function useMerchantStatus(id: string | null) {
  return useQuery({
    queryKey: riskKeys.merchantStatus(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/merchant-status/${encodeURIComponent(id ?? '')}`, {
        schema: merchantStatusResponse.shape.message,
        signal,
      }),
    enabled: id !== null,
  });
}

// GET /api/merchant-status/history: message.history.
export function useMerchantStatusHistory() {
  return useQuery({
    queryKey: riskKeys.history(),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/merchant-status/history', {
        schema: merchantHistoryResponse.shape.message,
        signal,
      });
      return answer.history;
    },
  });
}

export type StatusChange = { id: string; action: 'freeze' | 'unfreeze' };

// POST /api/merchant-status/{id}/freeze or /unfreeze; the status and history are re-read either way.
export function useChangeMerchantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: StatusChange) =>
      apiRequest(`/api/merchant-status/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        schema: merchantStatusChangeResponse.shape.message,
      }),
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: riskKeys.merchantStatus(id) }),
        queryClient.invalidateQueries({ queryKey: riskKeys.history() }),
      ]),
  });
}
