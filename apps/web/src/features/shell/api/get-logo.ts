import { logoResponse } from '@portico/contracts/auth/logo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shellKeys } from './keys';

const logoSchema = logoResponse.shape.message;

// GET /api/logo: the parent's logo as base64 PNG (no data: prefix).
export function getLogo({ signal }: { signal?: AbortSignal } = {}): Promise<string> {
  return apiRequest('/api/logo', { schema: logoSchema, signal });
}

export function logoQueryOptions() {
  return queryOptions({
    queryKey: shellKeys.logo(),
    queryFn: ({ signal }) => getLogo({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLogo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...logoQueryOptions(), enabled });
}
