import { type AuditLogPage, type AuditLogQuery, auditLogResponse } from '@portico/contracts/audit/audit-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditLogKeys } from './keys';

// GET /api/audit-log: one page, newest first; next_before opens the older page.
export function getAuditLog(
  query: AuditLogQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditLogPage> {
  return apiRequest('/api/audit-log', { query, schema: auditLogResponse.shape.message, signal });
}

export function auditLogQueryOptions(query: AuditLogQuery) {
  return queryOptions({
    queryKey: auditLogKeys.page(query),
    queryFn: ({ signal }) => getAuditLog(query, { signal }),
    // The pager keeps the current rows on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLogPage(query: AuditLogQuery) {
  return useQuery(auditLogQueryOptions(query));
}
