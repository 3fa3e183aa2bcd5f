import { createNoteResponse, type NoteRow, notesListResponse } from '@portico/contracts/notes/notes';
import {
  type DisputeRatios,
  disputeRatiosResponse,
  disputeThresholdResponse,
} from '@portico/contracts/risk/dispute-ratio';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { riskKeys } from './keys';

// GET /api/risk/dispute-ratios?month=yyyy-mm: the Disputes tab's rows and the threshold.
export function disputeRatiosQueryOptions(month: string) {
  return queryOptions<DisputeRatios>({
    queryKey: riskKeys.disputeRatios(month),
    queryFn: ({ signal }) =>
      apiRequest('/api/risk/dispute-ratios', {
        query: { month },
        schema: disputeRatiosResponse.shape.message,
        signal,
      }),
  });
}

export function useDisputeRatios(month: string) {
  return useQuery(disputeRatiosQueryOptions(month));
}

// PUT /api/risk/dispute-ratio-threshold (staff): the flags of every month follow.
export function useSaveDisputeThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: string) =>
      apiRequest('/api/risk/dispute-ratio-threshold', {
        method: 'PUT',
        body: { threshold },
        schema: disputeThresholdResponse.shape.message,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...riskKeys.all, 'dispute-ratios'] }),
  });
}

// The merchant's risk notes (GET /api/notes?id=: every note of the client; risk review keeps its own).
export function useMerchantRiskNotes(merchantId: string) {
  return useQuery(
    queryOptions<NoteRow[]>({
      queryKey: riskKeys.merchantNotes(merchantId),
      queryFn: async ({ signal }) => {
        const notes = await apiRequest('/api/notes', {
          query: { id: merchantId },
          schema: notesListResponse.shape.message,
          signal,
        });
        return notes.filter((note) => note.category === 'risk' && !note.is_event);
      },
    }),
  );
}

export function useAddMerchantRiskNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ merchantId, comment }: { merchantId: string; comment: string }) =>
      apiRequest('/api/notes', {
        method: 'POST',
        body: { client_id: merchantId, comment, category: 'risk' },
        schema: createNoteResponse.shape.message,
      }),
    // The note shows in the dialog and in the tab's Notes count.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: riskKeys.all }),
  });
}
