import { statementNotesResponse } from '@portico/contracts/notes/notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statementKeys } from './keys';

// GET api/notes/statement: notes as arrays, index 3 the text, index 4 the posting date.
export function getStatementNotes({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/notes/statement', { schema: statementNotesResponse.shape.message, signal });
}

export const statementNotesQueryOptions = () =>
  queryOptions({ queryKey: statementKeys.notes(), queryFn: ({ signal }) => getStatementNotes({ signal }) });

export function useStatementNotes() {
  return useQuery(statementNotesQueryOptions());
}
