import { readinessResponse } from '@portico/contracts/health/health';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { homeKeys } from './keys';

// The server's own response contract: the envelope is unwrapped by the api-client.
const readinessSchema = readinessResponse.shape.message;

export type Readiness = z.infer<typeof readinessSchema>;

export function getReadiness({ signal }: { signal?: AbortSignal } = {}): Promise<Readiness> {
  return apiRequest('/readyz', { schema: readinessSchema, signal });
}

export function readinessQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.readiness(),
    queryFn: ({ signal }) => getReadiness({ signal }),
    // A status card should say "unavailable" at once rather than retry in silence.
    retry: false,
    staleTime: 15_000,
  });
}

export function useReadiness() {
  return useQuery(readinessQueryOptions());
}
