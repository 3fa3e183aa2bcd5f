import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, apiRequest, type ResponseParser } from '../../lib/api-client';
import type { DataGridQueryValue } from './data-grid.types';
import { extractRows } from './extract-rows.utils';
import { dataGridKeys } from './keys';

export const GRID_LOAD_FAILED_TEXT = 'Something went wrong';

// The envelope's message may be any shape; extractRows and the page's parseRow read it.
const anyMessage: ResponseParser<unknown> = { safeParse: (data) => ({ success: true, data }) };

export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : GRID_LOAD_FAILED_TEXT;
}

type UseUrlRowsArgs<Row> = {
  url: string;
  query: Readonly<Record<string, DataGridQueryValue>> | undefined;
  parseRow: (raw: unknown, index: number) => Row | undefined;
};

// Rows of a grid that loads from a url: message, data, items or a plain array.
export function useUrlRows<Row>({ url, query, parseRow }: UseUrlRowsArgs<Row>) {
  const result = useQuery({
    queryKey: dataGridKeys.url(url, query),
    queryFn: ({ signal }) =>
      apiRequest(url, { schema: anyMessage, query: query ? { ...query } : undefined, signal }),
  });
  const rows = useMemo(() => {
    const parsed: Row[] = [];
    if (result.data === undefined) return parsed;
    extractRows(result.data).forEach((raw, index) => {
      const row = parseRow(raw, index);
      if (row !== undefined) parsed.push(row);
    });
    return parsed;
  }, [result.data, parseRow]);
  return {
    rows,
    isLoading: result.isPending,
    isRefreshing: result.isFetching && !result.isPending,
    // A failed refetch keeps the rows it had; the error shows only when there is nothing to show.
    error: result.isError && result.data === undefined ? errorText(result.error) : null,
    refetch: result.refetch,
  };
}
