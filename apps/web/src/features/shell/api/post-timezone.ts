import { timezoneListResponse } from '@portico/contracts/auth/timezone';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { timeZoneKeys } from '../../../lib/time-zone/get-time-zone';

const timezonePairsSchema = timezoneListResponse.shape.message;

// POST /api/timezone {timezone}: saves one of the offered timezones; answers the saved pair.
export async function postTimezone(request: { timezone: string }): Promise<string | null> {
  const pairs = await apiRequest('/api/timezone', {
    method: 'POST',
    body: { timezone: request.timezone },
    schema: timezonePairsSchema,
  });
  return pairs[0]?.[0] ?? null;
}

export function useUpdateTimezone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTimezone,
    onSuccess: (saved) => queryClient.setQueryData(timeZoneKeys.userTimeZone(), saved),
  });
}
