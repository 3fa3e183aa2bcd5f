import {
  type ReportRow,
  reportStreamBatchSize,
  reportStreamContentType,
} from '@portico/contracts/transactions/report';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isAbortError } from '../../../lib/api-client';
import { readNdjsonRows } from '../utils/ndjson-reader';
import { loadAllQueryOf, type ReportRequestQuery } from '../utils/report-query.utils';
import { readReportRow } from '../utils/report-row-parser';
import { apiErrorOfResponse, readReportPageAnswer, reportUrl } from './report-request';

// Load All: GET /api/v1/report with is_portal_request=true asking for NDJSON, one row
// array per line, handed on in batches of 100 to 1,000. An answer that is not NDJSON is read as the
// JSON document of the paged call. Answers the number of rows; the signal aborts it.
export async function loadAllReportRows(
  pagedQuery: ReportRequestQuery,
  { signal, onRows }: { signal: AbortSignal; onRows: (rows: ReportRow[]) => void },
): Promise<number> {
  let response: Response;
  try {
    response = await fetch(reportUrl(loadAllQueryOf(pagedQuery)), {
      credentials: 'include',
      headers: { Accept: reportStreamContentType },
      signal,
    });
  } catch (error) {
    if (isAbortError(error) || signal.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', 'The server could not be reached. Check your connection.', 0);
  }
  if (!response.ok) throw await apiErrorOfResponse(response);
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.includes(reportStreamContentType) && response.body) {
    return readNdjsonRows(response.body, { parseRow: readReportRow, onRows });
  }
  const { message: rows } = await readReportPageAnswer(response);
  for (let start = 0; start < rows.length; start += reportStreamBatchSize.max) {
    onRows(rows.slice(start, start + reportStreamBatchSize.max));
  }
  return rows.length;
}

export type LoadAllStatus = 'idle' | 'loading' | 'done' | 'cancelled' | 'failed';

export type LoadAllState = {
  status: LoadAllStatus;
  rows: readonly ReportRow[];
  error: string | null;
};

const idle: LoadAllState = { status: 'idle', rows: [], error: null };

// The grid redraws at most this often while rows stream in. It appends the new rows to its row
// model, but each redraw still copies the list of rows (here and in the grid) and re-measures the
// scroll height: one per batch would cost more than the stream itself.
export const LOAD_ALL_COMMIT_INTERVAL_MS = 100;

export function useLoadAllReport() {
  const [state, setState] = useState<LoadAllState>(idle);
  const controllerRef = useRef<AbortController | null>(null);
  const rowsRef = useRef<ReportRow[]>([]);
  const commitTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearCommitTimer = useCallback(() => {
    if (commitTimerRef.current !== null) clearTimeout(commitTimerRef.current);
    commitTimerRef.current = null;
  }, []);

  const settle = useCallback(
    (status: LoadAllStatus, error: string | null = null) => {
      clearCommitTimer();
      setState({ status, rows: rowsRef.current.slice(), error });
    },
    [clearCommitTimer],
  );

  const start = useCallback(
    (pagedQuery: ReportRequestQuery) => {
      controllerRef.current?.abort();
      clearCommitTimer();
      const controller = new AbortController();
      controllerRef.current = controller;
      rowsRef.current = [];
      setState({ status: 'loading', rows: [], error: null });
      const onRows = (batch: ReportRow[]) => {
        if (controller.signal.aborted) return;
        // Appended in place (a copy per batch would cost O(n²) over a long stream); the grid gets
        // a snapshot at each redraw.
        const rows = rowsRef.current;
        for (const row of batch) rows.push(row);
        if (commitTimerRef.current !== null) return;
        commitTimerRef.current = setTimeout(() => {
          commitTimerRef.current = null;
          const snapshot = rows.slice();
          setState((old) => (old.status === 'loading' ? { ...old, rows: snapshot } : old));
        }, LOAD_ALL_COMMIT_INTERVAL_MS);
      };
      loadAllReportRows(pagedQuery, { signal: controller.signal, onRows }).then(
        () => {
          if (controllerRef.current === controller) settle('done');
        },
        (error: unknown) => {
          if (controllerRef.current !== controller) return;
          // Aborted report requests are ignored silently.
          if (controller.signal.aborted || isAbortError(error)) settle('cancelled');
          else settle('failed', error instanceof Error ? error.message : 'The report could not be loaded.');
        },
      );
    },
    [clearCommitTimer, settle],
  );

  const cancel = useCallback(() => controllerRef.current?.abort(), []);

  // Back to the paged report.
  const reset = useCallback(() => {
    const controller = controllerRef.current;
    controllerRef.current = null;
    controller?.abort();
    clearCommitTimer();
    rowsRef.current = [];
    setState(idle);
  }, [clearCommitTimer]);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
      clearCommitTimer();
    },
    [clearCommitTimer],
  );

  return { state, start, cancel, reset };
}
