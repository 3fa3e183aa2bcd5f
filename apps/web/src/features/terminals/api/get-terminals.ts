import { type TerminalRow, terminalListResponse } from '@portico/contracts/terminals/terminals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { terminalsKeys } from './keys';

// GET /api/v1/terminals: the Terminal Settings grid, scoped to the caller on the server.
export function getTerminals({ signal }: { signal?: AbortSignal } = {}): Promise<TerminalRow[]> {
  return apiRequest('/api/v1/terminals', { schema: terminalListResponse.shape.message, signal });
}

export const terminalsQuery = () =>
  queryOptions({ queryKey: terminalsKeys.list(), queryFn: ({ signal }) => getTerminals({ signal }) });

export function useTerminals() {
  return useQuery(terminalsQuery());
}
