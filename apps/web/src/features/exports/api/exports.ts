import { exportListResponse, exportResponse, isExportUnderway } from '@portico/contracts/exports/exports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { exportsKeys } from './keys';

// While an export is waiting or running, the list is read again this often (its progress bar).
export const exportsPollMs = 1_500;

// GET /api/exports: the signed-in user's exports, newest first.
export function getExports({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/exports', { schema: exportListResponse.shape.message, signal });
}

export function useExports() {
  return useQuery(
    queryOptions({
      queryKey: exportsKeys.list(),
      queryFn: ({ signal }) => getExports({ signal }),
      refetchInterval: (query) =>
        (query.state.data ?? []).some((item) => isExportUnderway(item.status)) ? exportsPollMs : false,
    }),
  );
}

// POST /api/exports/{id}/cancel and /retry: the answer is the export as it now stands.
export function changeExport(id: string, change: 'cancel' | 'retry') {
  return apiRequest(`/api/exports/${encodeURIComponent(id)}/${change}`, {
    method: 'POST',
    schema: exportResponse.shape.message,
  });
}

export function useChangeExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: 'cancel' | 'retry' }) => changeExport(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportsKeys.all }),
  });
}

// The file itself: a plain link, so the browser streams it to disk whatever its size.
export function exportDownloadUrl(id: string): string {
  return `/api/exports/${encodeURIComponent(id)}/download`;
}
