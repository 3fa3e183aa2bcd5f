import type { ExportGrid } from '@portico/contracts/exports/exports';
import {
  type ReportScheduleBody,
  reportScheduleDeletedResponse,
  reportScheduleListResponse,
  reportScheduleResponse,
  scheduleRecipientsResponse,
} from '@portico/contracts/exports/report-schedules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Scheduled reports: made from a grid's saved layout, listed and changed on the Exports page.

export const reportScheduleKeys = {
  all: ['report-schedules'] as const,
  list: () => [...reportScheduleKeys.all, 'list'] as const,
  recipients: (merchantId: string | undefined) =>
    [...reportScheduleKeys.all, 'recipients', merchantId ?? ''] as const,
};

// GET /api/report-schedules: the signed-in user's schedules, newest first.
export function useReportSchedules() {
  return useQuery(
    queryOptions({
      queryKey: reportScheduleKeys.list(),
      queryFn: ({ signal }) =>
        apiRequest('/api/report-schedules', { schema: reportScheduleListResponse.shape.message, signal }),
    }),
  );
}

// GET /api/report-schedules/recipients: who may receive a report of this merchant's rows.
export function useScheduleRecipients(merchantId: string | undefined, isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: reportScheduleKeys.recipients(merchantId),
      queryFn: ({ signal }) =>
        apiRequest(
          merchantId
            ? `/api/report-schedules/recipients?merchant_id=${encodeURIComponent(merchantId)}`
            : '/api/report-schedules/recipients',
          { schema: scheduleRecipientsResponse.shape.message, signal },
        ),
      enabled: isEnabled,
    }),
  );
}

// POST /api/report-schedules/{grid}
export function useCreateSchedule(grid: ExportGrid) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportScheduleBody) =>
      apiRequest(`/api/report-schedules/${grid}`, {
        method: 'POST',
        body,
        schema: reportScheduleResponse.shape.message,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all }),
  });
}

export type ScheduleChange = 'pause' | 'resume' | 'delete';

// POST /api/report-schedules/{id}/pause and /resume, DELETE /api/report-schedules/{id}.
export function useChangeSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ScheduleChange }) => {
      const path = `/api/report-schedules/${encodeURIComponent(id)}`;
      return change === 'delete'
        ? apiRequest(path, { method: 'DELETE', schema: reportScheduleDeletedResponse.shape.message })
        : apiRequest(`${path}/${change}`, { method: 'POST', schema: reportScheduleResponse.shape.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all }),
  });
}
