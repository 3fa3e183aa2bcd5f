import {
  type CtaApplicationView,
  ctaApplicationResponse,
} from '@portico/contracts/enrollment/click-to-agree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clickToAgreeKeys } from './keys';

const applicationSchema = ctaApplicationResponse.shape.message;

// GET /api/public/enroll/{id}?token=: the application behind a click-to-agree link, masked.
export function getCtaApplication(
  enrollmentId: string,
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CtaApplicationView> {
  return apiRequest(`/api/public/enroll/${encodeURIComponent(enrollmentId)}`, {
    schema: applicationSchema,
    query: { token },
    signal,
  });
}

export function ctaApplicationQueryOptions(enrollmentId: string, token: string) {
  return queryOptions({
    queryKey: clickToAgreeKeys.application(enrollmentId, token),
    queryFn: ({ signal }) => getCtaApplication(enrollmentId, token, { signal }),
    // A refused link stays refused; retrying only delays the message.
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useCtaApplication(enrollmentId: string, token: string) {
  return useQuery(ctaApplicationQueryOptions(enrollmentId, token));
}
