import { revShareAdminResponse, revShareResponse } from '@portico/contracts/billing/revenue-share';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const keys = { all: ['revenue-share'] as const };

// GET /api/revshare: the rev share page's rows (staff: every merchant; a parent: its own).
export function useRevShareRows() {
  return useQuery({
    queryKey: [...keys.all, 'rows'],
    queryFn: ({ signal }) => apiRequest('/api/revshare', { schema: revShareResponse.shape.message, signal }),
  });
}

// GET /api/report/revshare_all: the admin report, one array per row.
export function useRevShareAdminRows() {
  return useQuery({
    queryKey: [...keys.all, 'admin'],
    queryFn: ({ signal }) =>
      apiRequest('/api/report/revshare_all', { schema: revShareAdminResponse.shape.message, signal }),
  });
}
