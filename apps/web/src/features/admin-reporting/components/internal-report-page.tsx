import { Stack, Title } from '@mantine/core';
import { internalReportTitle } from '@portico/contracts/internal-reports/internal-reports';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { ApiError } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useInternalReport } from '../api/get-internal-report';
import { internalReportColumns, internalReportFileName } from '../utils/report-columns.utils';

// /admin-reporting/all-internal/{sourceName}: reloads when sourceName changes.
export function InternalReportPage() {
  const sourceName = useParams().sourceName ?? '';
  const report = useInternalReport(sourceName);
  const timeZone = useUserTimeZone();
  const rows = report.data ?? [];
  // The page is headed with the sourceName, written in words.
  const title = `Internal Reporting: ${internalReportTitle(sourceName)}`;
  const columns = useMemo(() => internalReportColumns(report.data ?? []), [report.data]);
  const error = report.isError
    ? report.error instanceof ApiError && report.error.httpStatus === 404
      ? `There is no internal report named ${sourceName}.`
      : 'The report could not be loaded.'
    : null;

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <DataGrid
        key={sourceName}
        ariaLabel={title}
        columns={columns}
        rows={rows}
        isLoading={report.isPending}
        error={error}
        onRefresh={() => void report.refetch()}
        timeZone={timeZone}
        // A usable height on short windows too; the page scrolls instead.
        height="max(480px, calc(100vh - 200px))"
        configKey={`internal-report-${sourceName}`.replace(/[^A-Za-z0-9_.\- ]/g, '-')}
        exportFileName={internalReportFileName(sourceName)}
      />
    </Stack>
  );
}
