import { timezoneListResponse } from '@portico/contracts/auth/timezone';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

const timezonePairsSchema = timezoneListResponse.shape.message;

// Query keys of the user's timezone: the settings modal writes it, every date on screen reads it.
export const timeZoneKeys = { userTimeZone: () => ['time-zone', 'user'] as const };

// GET /api/timezone: the user's timezone as a list of [name, label] pairs; the first name is the
// setting, null when none is set.
export async function getTimezone({ signal }: { signal?: AbortSignal } = {}): Promise<string | null> {
  const pairs = await apiRequest('/api/timezone', { schema: timezonePairsSchema, signal });
  return pairs[0]?.[0] ?? null;
}

export function timezoneQueryOptions() {
  return queryOptions({
    queryKey: timeZoneKeys.userTimeZone(),
    queryFn: ({ signal }) => getTimezone({ signal }),
  });
}

export function useTimezone({ enabled }: { enabled: boolean }) {
  return useQuery({ ...timezoneQueryOptions(), enabled });
}

// The zone dates are shown in: the user's setting, else the browser's.
export function useUserTimeZone(): string {
  const { data } = useQuery({ ...timezoneQueryOptions(), staleTime: 5 * 60_000 });
  return data ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
