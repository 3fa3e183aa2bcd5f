import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { ApiError } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { summarizeReportRows } from '../../../lib/transaction-totals';
import { useAdminReport } from '../api/get-admin-report';
import {
  type AdminReportRange,
  type AdminReportSource,
  adminReportColumns,
  adminReportFileName,
  adminReportRangeProblem,
  defaultAdminReportRange,
} from '../utils/admin-report.utils';

const gridLabels: Record<AdminReportSource, string> = {
  home: 'Admin Report',
  'with-snowflake': 'Admin Report (reporting warehouse)',
};

// A refusal the server explains (too many rows for one answer) is shown as it is.
function errorTextOf(error: Error | null): string | null {
  if (error === null) return null;
  if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) return error.message;
  return 'The report could not be loaded.';
}

// Every transaction of From to To over all merchants; the last 30 days at first.
export function AdminReportGrid({ source }: { source: AdminReportSource }) {
  const timeZone = useUserTimeZone();
  // Until the user picks a day, the last 30 days follow the user's zone: it may arrive after the
  // first render (the browser's zone stands in), and the days must be counted in the one that applies.
  const [pickedRange, setRange] = useState<AdminReportRange | null>(null);
  const range = pickedRange ?? defaultAdminReportRange(new Date(), timeZone);
  const problem = adminReportRangeProblem(range);
  const report = useAdminReport(source, range, timeZone, { enabled: problem === null });
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md">
        <TextInput
          type="date"
          label="From"
          value={range.from}
          max={range.to || undefined}
          onChange={(event) => setRange({ ...range, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={range.to}
          min={range.from || undefined}
          onChange={(event) => setRange({ ...range, to: event.currentTarget.value })}
        />
      </Group>
      {problem !== null && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <DataGrid
        ariaLabel={gridLabels[source]}
        columns={adminReportColumns}
        rows={report.data ?? []}
        getRowId={(row) => row[1].id}
        isLoading={problem === null && report.isPending}
        error={errorTextOf(report.error)}
        onRefresh={() => void report.refetch()}
        timeZone={timeZone}
        // Rows stay in view on a phone too, where the toolbars wrap to several lines.
        height="max(600px, calc(100vh - 120px))"
        showTotals
        // The one gross and net total of the report pages, not a sum per money column.
        summarizeRows={summarizeReportRows}
        configKey={source === 'home' ? 'admin-report' : 'admin-report-with-snowflake'}
        exportFileName={adminReportFileName(source)}
      />
    </Stack>
  );
}
