import { Stack, Text, Title } from '@mantine/core';
import type { ReportRow } from '@portico/contracts/transactions/report';
import { ReportTransactionText, transactionReportFileName } from '@portico/contracts/transactions/report';
import { useCallback, useMemo } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { ExportRequestedAlert } from '../../../components/data-grid/export/export-requested-alert';
import {
  type ServerExportBodyOf,
  useServerExport,
} from '../../../components/data-grid/export/use-server-export';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { usableTimeZone } from '../../../lib/time-zone/zoned-days';
import { summarizeReportRows } from '../../../lib/transaction-totals';
import { useReportingConfiguration } from '../api/get-merchant-configuration';
import { useClassicReport } from '../hooks/use-classic-report';
import { useDateTimeFormat } from '../hooks/use-date-time-format';
import { useIsWideScreen } from '../hooks/use-is-wide-screen';
import { useNow } from '../hooks/use-now';
import { useTransactionDialogs } from '../hooks/use-transaction-dialogs';
import { reportExportBody } from '../utils/report-export.utils';
import { reportAbilities, reportPermissionGrants } from '../utils/report-permissions.utils';
import { subjectOfReportRow } from '../utils/transaction-view.utils';
import { reportColumns } from './report-columns';
import { ReportControls } from './report-controls';
import { ReportingTabs } from './reporting-tabs';
import { TransactionDialogs } from './transaction-dialogs';

const reportRowId = (row: ReportRow) => row[1].id;

// /reporting/classic: the transaction report, paged or all results, with the detail
// viewer on a click (or Enter) and the void and refund actions.
export function ClassicReportPage() {
  const { actingRole, permissions, user, viewAsClientId } = useSignedInSession();
  const timeZone = usableTimeZone(useUserTimeZone());
  const grants = useMemo(
    () => reportPermissionGrants({ actingRole, permissions, user }),
    [actingRole, permissions, user],
  );
  const abilities = useMemo(() => reportAbilities(grants), [grants]);
  const merchantId = viewAsClientId ?? user.account.default_client?.id ?? null;
  const { searchTermField } = useReportingConfiguration(merchantId);
  const report = useClassicReport({ timeZone, searchTermField });
  const now = useNow();
  const formatDateTime = useDateTimeFormat(timeZone);
  const dialogs = useTransactionDialogs();
  const { openDetail, openVoid, openRefund } = dialogs;
  const onVoid = useCallback((row: ReportRow) => openVoid(subjectOfReportRow(row)), [openVoid]);
  const onRefund = useCallback((row: ReportRow) => openRefund(subjectOfReportRow(row)), [openRefund]);
  const arePinned = useIsWideScreen();
  const columns = useMemo(
    () => reportColumns({ abilities, grants, now, onVoid, onRefund, arePinned }),
    [abilities, grants, now, onVoid, onRefund, arePinned],
  );
  const { exportQuery } = report;
  // 'All matching rows': the server writes every row of the applied window the grid's filters match.
  const exportBodyOf = useMemo<ServerExportBodyOf | null>(
    () =>
      exportQuery === null ? null : (format, state) => reportExportBody(format, exportQuery, state, timeZone),
    [exportQuery, timeZone],
  );
  const { serverExport, hasRequested, dismiss } = useServerExport('transaction-report', exportBodyOf);

  return (
    <Stack gap="md">
      <Title order={1}>Transaction Report</Title>
      <ReportingTabs active="classic" />
      <ReportControls report={report} searchTermField={searchTermField} />
      <Text size="sm" c="dimmed">
        {ReportTransactionText.OpenRowHint}
      </Text>
      {hasRequested && <ExportRequestedAlert onClose={dismiss} />}
      <DataGrid
        ariaLabel="Transaction Report"
        columns={columns}
        rows={report.rows}
        getRowId={reportRowId}
        isLoading={report.isLoading}
        error={report.gridError}
        onRefresh={report.refresh}
        timeZone={timeZone}
        height="70vh"
        showTotals
        summarizeRows={summarizeReportRows}
        exportFileName={transactionReportFileName}
        // Saved layouts, which the layouts bar can also schedule (each run exports the period just ended).
        configKey="transaction-report"
        serverExport={serverExport}
        // One click opens the transaction, as Enter does from the keyboard.
        onRowClick={(row) => openDetail(subjectOfReportRow(row))}
        onRowDoubleClick={(row) => openDetail(subjectOfReportRow(row))}
      />
      <TransactionDialogs
        dialogs={dialogs}
        abilities={abilities}
        grants={grants}
        now={now}
        formatDateTime={formatDateTime}
        // The void and refund calls refresh the paged queries themselves; a streamed list loads again.
        onChanged={() => {
          if (report.mode === 'all') report.refresh();
        }}
      />
    </Stack>
  );
}
