import { type NoteRow, notesListResponse, sortNotesNewestFirst } from '@portico/contracts/notes/notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountDataKeys } from './keys';

// GET /api/notes?id={clientid}&is_event=true: the Events panel, newest first.
export async function getAccountEvents(
  clientId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NoteRow[]> {
  const events = await apiRequest('/api/notes', {
    schema: notesListResponse.shape.message,
    query: { id: clientId, is_event: 'true' },
    signal,
  });
  return sortNotesNewestFirst(events);
}

export function accountEventsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accountDataKeys.events(clientId),
    queryFn: ({ signal }) => getAccountEvents(clientId, { signal }),
  });
}

export function useAccountEvents(clientId: string) {
  return useQuery(accountEventsQueryOptions(clientId));
}
