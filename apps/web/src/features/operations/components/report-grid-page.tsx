import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { ApiError, type ResponseParser } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useReportRows } from '../api/get-report-rows';

type ReportGridPageProps<Row> = {
  title: string;
  path: string;
  schema: ResponseParser<Row[]>;
  columns: readonly DataGridColumn<Row>[];
  exportFileName: string;
  getRowId: (row: Row) => string;
  actions?: ReactNode;
};

// One report of the Operations area: its title, its grid of server rows and the grid's export.
export function ReportGridPage<Row>({
  title,
  path,
  schema,
  columns,
  exportFileName,
  getRowId,
  actions,
}: ReportGridPageProps<Row>) {
  const timeZone = useUserTimeZone();
  const rows = useReportRows(path, schema);
  const error =
    rows.error === null
      ? null
      : rows.error instanceof ApiError
        ? rows.error.message
        : `${title} could not be loaded.`;
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        {actions}
      </Stack>
      <DataGrid
        ariaLabel={title}
        columns={columns}
        rows={rows.data ?? []}
        getRowId={getRowId}
        isLoading={rows.isPending}
        error={error}
        onRefresh={() => void rows.refetch()}
        timeZone={timeZone}
        height="max(480px, calc(100vh - 260px))"
        showTotals
        exportFileName={exportFileName}
      />
    </Stack>
  );
}
