import { type TermsView, termsResponse } from '@portico/contracts/enrollment/click-to-agree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clickToAgreeKeys } from './keys';

// GET /api/public/terms/{id} (an enrollment) or /api/public/terms/{id}/{enrollment_id} (an account).
export function getTerms(
  id: string,
  enrollmentId: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TermsView> {
  const path =
    enrollmentId === null
      ? `/api/public/terms/${encodeURIComponent(id)}`
      : `/api/public/terms/${encodeURIComponent(id)}/${encodeURIComponent(enrollmentId)}`;
  return apiRequest(path, { schema: termsResponse.shape.message, signal });
}

export function termsQueryOptions(id: string, enrollmentId: string | null) {
  return queryOptions({
    queryKey: clickToAgreeKeys.terms(id, enrollmentId),
    queryFn: ({ signal }) => getTerms(id, enrollmentId, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTerms(id: string, enrollmentId: string | null) {
  return useQuery(termsQueryOptions(id, enrollmentId));
}
