import { type ExportRequestBody, exportResponse } from '@portico/contracts/exports/exports';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/exports/audit-log: the server writes every entry the log's filters and the grid's own
// filters match; the answer is the export, followed on the Exports page.
export function requestAuditLogExport(body: ExportRequestBody) {
  return apiRequest('/api/exports/audit-log', { method: 'POST', body, schema: exportResponse.shape.message });
}

export function useRequestAuditLogExport() {
  return useMutation({ mutationFn: requestAuditLogExport });
}
