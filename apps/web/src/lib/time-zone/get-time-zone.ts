import { timezoneListResponse } from '@portico/contracts/auth/timezone';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shellKeys } from './keys';

const timezonePairsSchema = timezoneListResponse.shape.message;

// GET /api/timezone: the user's timezone as a list of [name, label] pairs; the first name is the
// setting (spec 2 §7), null when none is set.
export async function getTimezone({ signal }: { signal?: AbortSignal } = {}): Promise<string | null> {
  const pairs = await apiRequest('/api/timezone', { schema: timezonePairsSchema, signal });
  return pairs[0]?.[0] ?? null;
}

export function timezoneQueryOptions() {
  return queryOptions({ queryKey: shellKeys.timezone(), queryFn: ({ signal }) => getTimezone({ signal }) });
}

export function useTimezone({ enabled }: { enabled: boolean }) {
  return useQuery({ ...timezoneQueryOptions(), enabled });
}
