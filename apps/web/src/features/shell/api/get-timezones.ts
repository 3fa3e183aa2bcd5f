import { type TimezonePair, timezoneListResponse } from '@portico/contracts/auth/timezone';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shellKeys } from './keys';

const timezonePairsSchema = timezoneListResponse.shape.message;

// GET /api/timezones: the offered timezones as [name, label] pairs.
export function getTimezones({ signal }: { signal?: AbortSignal } = {}): Promise<TimezonePair[]> {
  return apiRequest('/api/timezones', { schema: timezonePairsSchema, signal });
}

export function timezonesQueryOptions() {
  return queryOptions({
    queryKey: shellKeys.timezones(),
    queryFn: ({ signal }) => getTimezones({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTimezones({ enabled }: { enabled: boolean }) {
  return useQuery({ ...timezonesQueryOptions(), enabled });
}
