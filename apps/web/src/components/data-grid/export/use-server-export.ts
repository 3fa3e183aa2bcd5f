import {
  type ExportFormat,
  type ExportGrid,
  type ExportRequestBody,
  exportResponse,
} from '@portico/contracts/exports/exports';
import { isSchedulableGrid } from '@portico/contracts/exports/report-schedules';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { showToast } from '../../toasts';
import type { DataGridExportState, DataGridServerExport } from '../data-grid.types';

export type ServerExportBodyOf = (format: ExportFormat, state: DataGridExportState) => ExportRequestBody;

// A grid's 'All matching rows': POST /api/exports/{grid} with the body the page makes of the grid's
// state; the server writes the file and the Exports page follows it. A refusal is a toast with the
// server's sentence; once asked, hasRequested holds until dismissed (the page shows
// ExportRequestedAlert). bodyOf null: the grid has nothing to export yet (no window applied).
export function useServerExport(grid: ExportGrid, bodyOf: ServerExportBodyOf | null) {
  const { mutate, isPending } = useMutation({
    mutationFn: (body: ExportRequestBody) =>
      apiRequest(`/api/exports/${grid}`, { method: 'POST', body, schema: exportResponse.shape.message }),
  });
  const [hasRequested, setHasRequested] = useState(false);
  const serverExport = useMemo<DataGridServerExport | undefined>(() => {
    if (bodyOf === null) return undefined;
    return {
      isPending,
      ...(isSchedulableGrid(grid) ? { schedule: { grid, bodyOf } } : {}),
      onExport: (format, state) =>
        mutate(bodyOf(format, state), {
          onSuccess: () => setHasRequested(true),
          onError: (error) =>
            void showToast({
              text: error instanceof ApiError ? error.message : 'The export could not be started.',
              type: 'danger',
            }),
        }),
    };
  }, [bodyOf, grid, isPending, mutate]);
  return { serverExport, hasRequested, dismiss: () => setHasRequested(false) };
}
