import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { reportSessionExpired } from './auth/session-expiry';

const MAX_QUERY_RETRIES = 2;

// A 4xx answer will not change by asking again; network failures, timeouts and 5xx may.
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (error instanceof ApiError) return error.httpStatus === 0 || error.httpStatus >= 500;
  return false;
}

export function isSessionEndedError(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 401;
}

function reportIfSessionEnded(error: unknown) {
  if (isSessionEndedError(error)) reportSessionExpired();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportIfSessionEnded }),
    mutationCache: new MutationCache({ onError: reportIfSessionEnded }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetryQuery,
        // Report pages are heavy; reloading them on every tab switch surprises users.
        refetchOnWindowFocus: false,
      },
      mutations: {
        // Money-moving calls are never replayed behind the user's back.
        retry: false,
      },
    },
  });
}
