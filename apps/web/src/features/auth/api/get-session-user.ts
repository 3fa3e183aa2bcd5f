import { type SessionUser, sessionUserSchema } from '@portico/contracts/access/session-user';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

// GET /api/user. null: nobody is signed in (401), which is an answer rather than a failure. A sign-in
// still waiting for its second factor is an error the signed-in boundary answers with the code page.
export async function getSessionUser({ signal }: { signal?: AbortSignal } = {}): Promise<SessionUser | null> {
  try {
    return await apiRequest('/api/user', { schema: sessionUserSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401 && !isSecondFactorRequired(error)) return null;
    throw error;
  }
}

export function isSecondFactorRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === SecondFactorErrorCode.Required;
}

export function sessionUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.sessionUser(),
    queryFn: ({ signal }) => getSessionUser({ signal }),
    // Fetched once per sign-in; sign-in and logout replace it explicitly.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSessionUser() {
  return useQuery(sessionUserQueryOptions());
}
