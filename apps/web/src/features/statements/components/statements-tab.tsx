import { Anchor, Box, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { defaultStatementMonth } from '@portico/contracts/statements/statement-month';
import {
  type StatementRow,
  StatementText,
  statementFileName,
} from '@portico/contracts/statements/statements';
import { useCallback, useRef, useState } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridApi } from '../../../components/data-grid/data-grid.types';
import { ExportRequestedAlert } from '../../../components/data-grid/export/export-requested-alert';
import {
  type ServerExportBodyOf,
  useServerExport,
} from '../../../components/data-grid/export/use-server-export';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useStatement } from '../api/get-statement';
import {
  dailyTransactionColumns,
  processorFeeColumns,
  statementDetailHeight,
  statementRowColumns,
} from '../utils/statement-columns.utils';
import { statementsExportBody } from '../utils/statement-export.utils';
import { statementPdfHref } from '../utils/statement-link.utils';
import { canChooseStatementMerchant, ownStatementMerchant, todayUtc } from '../utils/statement-scope.utils';
import { StatementFiguresPanel } from './statement-figures-panel';
import { StatementMerchantPicker, StatementMonthPicker } from './statement-filters';

// Statement tab: month, merchant, 'Export Statement to Excel', 'PDF Statement', and master rows with
// the grid's Export menu (this view, or the month's statement by the server); the open row's figures
// with their definitions and its payouts reconciliation, then the Daily Transactions and Processor
// Fees tabs.
export function StatementsTab() {
  const session = useSignedInSession();
  const timeZone = useUserTimeZone();
  const today = todayUtc();
  const canChooseMerchant = canChooseStatementMerchant(session.actingRole);
  const [chosenMerchant, setChosenMerchant] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(() => defaultStatementMonth(today));
  const [openRow, setOpenRow] = useState<StatementRow | null>(null);
  const merchantId = canChooseMerchant ? chosenMerchant : ownStatementMerchant(session);
  const hasBoth = merchantId !== null && month !== null;
  const statement = useStatement(merchantId, month ?? '', { enabled: hasBoth });
  const gridApi = useRef<DataGridApi>(null);
  // 'All matching rows': the server writes the month's statement of the merchant, once both are chosen.
  const exportBodyOf = useCallback<ServerExportBodyOf>(
    (format, state) => statementsExportBody(format, month ?? '', merchantId, state, timeZone),
    [month, merchantId, timeZone],
  );
  const { serverExport, hasRequested, dismiss } = useServerExport(
    'statements',
    hasBoth ? exportBodyOf : null,
  );
  const rows = statement.data ?? [];
  const detailRow = openRow ?? rows[0] ?? null;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <StatementMonthPicker today={today} value={month} onChange={setMonth} />
        {canChooseMerchant && (
          <StatementMerchantPicker label="Merchant" value={chosenMerchant} onChange={setChosenMerchant} />
        )}
        <Button variant="default" onClick={() => void gridApi.current?.exportExcel()}>
          {StatementText.ExportStatement}
        </Button>
        {hasBoth ? (
          <Anchor href={statementPdfHref(merchantId, month, session.viewAsClientId)} download>
            {StatementText.PdfStatement}
          </Anchor>
        ) : (
          <Text size="sm">{StatementText.PdfHint}</Text>
        )}
      </Group>
      {hasRequested && <ExportRequestedAlert onClose={dismiss} />}
      <DataGrid
        ariaLabel="Statements"
        columns={statementRowColumns}
        rows={rows}
        getRowId={(row) => `${row.merchant_id}:${row.month_year}`}
        isLoading={hasBoth && statement.isPending}
        error={statement.error ? statement.error.message : null}
        onRefresh={() => void statement.refetch()}
        timeZone={timeZone}
        height={200}
        showSidePanel={false}
        showGroupPanel={false}
        exportFileName={statementFileName}
        serverExport={serverExport}
        apiRef={gridApi}
        onRowClick={setOpenRow}
      />
      {hasBoth && !statement.isPending && rows.length === 0 && (
        <Text size="sm">{StatementText.NotPosted}</Text>
      )}
      {detailRow && <StatementFiguresPanel row={detailRow} />}
      {detailRow && <StatementDetail row={detailRow} timeZone={timeZone} />}
    </Stack>
  );
}

function StatementDetail({ row, timeZone }: { row: StatementRow; timeZone: string }) {
  const [tab, setTab] = useState<string | null>('daily');
  const rowCount = tab === 'fees' ? row.processor_fees.length : row.daily_transactions.length;
  return (
    <Box h={statementDetailHeight(rowCount)} data-testid="statement-detail">
      <Tabs value={tab} onChange={setTab} keepMounted={false} h="100%">
        <Tabs.List>
          <Tabs.Tab value="daily">{StatementText.DailyTransactionsTab}</Tabs.Tab>
          <Tabs.Tab value="fees">{StatementText.ProcessorFeesTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="daily" pt="xs" h="calc(100% - 44px)">
          <DataGrid
            ariaLabel={StatementText.DailyTransactionsTab}
            columns={dailyTransactionColumns}
            rows={row.daily_transactions}
            timeZone={timeZone}
            height="100%"
            showTotals
            showSidePanel={false}
            showGroupPanel={false}
          />
        </Tabs.Panel>
        <Tabs.Panel value="fees" pt="xs" h="calc(100% - 44px)">
          <DataGrid
            ariaLabel={StatementText.ProcessorFeesTab}
            columns={processorFeeColumns}
            rows={row.processor_fees}
            timeZone={timeZone}
            height="100%"
            showTotals
            showSidePanel={false}
            showGroupPanel={false}
          />
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}
