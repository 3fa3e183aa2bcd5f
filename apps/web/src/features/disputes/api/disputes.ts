import type { DisputeCategory, DisputeStatus, EvidenceKind } from '@portico/contracts/disputes/dispute-rules';
import {
  disputeEvidenceResponse,
  disputeResponse,
  disputesResponse,
} from '@portico/contracts/disputes/disputes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const disputeKeys = {
  all: ['disputes'] as const,
  list: (filters: DisputeFilters) => [...disputeKeys.all, 'list', filters] as const,
  one: (id: string) => [...disputeKeys.all, 'one', id] as const,
};

// The grid's filters; null: any.
export type DisputeFilters = {
  merchantId: string | null;
  status: DisputeStatus | null;
  category: DisputeCategory | null;
  from: string | null;
  to: string | null;
};

// GET /api/disputes: the disputes of the merchants the caller reaches, newest first.
export function getDisputes(filters: DisputeFilters, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/disputes', {
    query: {
      merchant_id: filters.merchantId ?? undefined,
      status: filters.status ?? undefined,
      category: filters.category ?? undefined,
      from: filters.from ?? undefined,
      to: filters.to ?? undefined,
    },
    schema: disputesResponse.shape.message,
    signal,
  });
}

export function useDisputes(filters: DisputeFilters) {
  return useQuery(
    queryOptions({
      queryKey: disputeKeys.list(filters),
      queryFn: ({ signal }) => getDisputes(filters, { signal }),
    }),
  );
}

// GET /api/disputes/{id}: its timeline, reason in words, evidence and draft.
export function getDispute(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/disputes/${encodeURIComponent(id)}`, {
    schema: disputeResponse.shape.message,
    signal,
  });
}

export function useDispute(id: string) {
  return useQuery(
    queryOptions({ queryKey: disputeKeys.one(id), queryFn: ({ signal }) => getDispute(id, { signal }) }),
  );
}

export type EvidenceUpload = { kind: EvidenceKind; fileName: string; extension: string; contents: string };

// Every answer reads the dispute and the grid again, whatever the outcome: a refusal may mean the
// dispute changed under the page (decided, expired).
function useDisputeAnswer<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: disputeKeys.all }),
  });
}

export function useSaveDraft(id: string) {
  return useDisputeAnswer((explanation: string) =>
    apiRequest(`/api/disputes/${encodeURIComponent(id)}/draft`, {
      method: 'PUT',
      body: { explanation },
      schema: disputeResponse.shape.message,
    }),
  );
}

export function useAddEvidence(id: string) {
  return useDisputeAnswer((upload: EvidenceUpload) =>
    apiRequest(`/api/disputes/${encodeURIComponent(id)}/evidence`, {
      method: 'POST',
      body: {
        kind: upload.kind,
        file_name: upload.fileName,
        extension: upload.extension,
        contents: upload.contents,
      },
      schema: disputeEvidenceResponse.shape.message,
      timeoutMs: 300_000,
    }),
  );
}

export function useSubmitDispute(id: string) {
  return useDisputeAnswer(() =>
    apiRequest(`/api/disputes/${encodeURIComponent(id)}/submit`, {
      method: 'POST',
      body: {},
      schema: disputeResponse.shape.message,
    }),
  );
}

export function useAcceptDispute(id: string) {
  return useDisputeAnswer(() =>
    apiRequest(`/api/disputes/${encodeURIComponent(id)}/accept`, {
      method: 'POST',
      body: {},
      schema: disputeResponse.shape.message,
    }),
  );
}
