import { type ExportRequestBody, exportResponse } from '@portico/contracts/exports/exports';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/exports/transaction-report: the server writes every row of the report's window that the
// grid's filters match; the answer is the export, followed on the Exports page.
export function requestReportExport(body: ExportRequestBody) {
  return apiRequest('/api/exports/transaction-report', {
    method: 'POST',
    body,
    schema: exportResponse.shape.message,
  });
}

export function useRequestReportExport() {
  return useMutation({ mutationFn: requestReportExport });
}
