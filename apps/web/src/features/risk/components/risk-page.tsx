import { Button, Stack, Tabs, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { ApiError } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useTransactionMonitoring } from '../api/get-transaction-monitoring';
import {
  highTicketColumns,
  highVelocityColumns,
  riskExportFileNames,
  stdDevColumns,
} from '../utils/risk-columns.utils';
import { DisputeRatiosTab } from './dispute-ratios-tab';
import { MerchantControl } from './merchant-control';
import { NotesDialog } from './notes-dialog';

const gridHeight = 'max(480px, calc(100vh - 300px))';

// The notes dialog opens from a button on each row.
function withNotesButton<Row>(
  columns: readonly DataGridColumn<Row>[],
  transactionIdOf: (row: Row) => string,
  onOpen: (transactionId: string) => void,
): DataGridColumn<Row>[] {
  return [
    ...columns,
    {
      id: 'open_notes',
      header: '',
      kind: 'text',
      width: 90,
      pinned: 'right',
      value: () => '',
      filter: false,
      isSortable: false,
      renderCell: (row) => (
        <Button size="compact-xs" variant="light" onClick={() => onOpen(transactionIdOf(row))}>
          Notes
        </Button>
      ),
    },
  ];
}

// /risk (staff): Risk Information tabs over the last 30 days' payments, the month's dispute ratios
// per merchant, and Merchant Control.
export function RiskPage() {
  const timeZone = useUserTimeZone();
  const monitoring = useTransactionMonitoring();
  const [notesOf, setNotesOf] = useState<string | null>(null);
  const columns = useMemo(
    () => ({
      stdDev: withNotesButton(stdDevColumns, (row) => row.transaction_id, setNotesOf),
      highTicket: withNotesButton(highTicketColumns, (row) => row.id, setNotesOf),
      highVelocity: withNotesButton(highVelocityColumns, (row) => row.id, setNotesOf),
    }),
    [],
  );
  const error =
    monitoring.error === null
      ? null
      : monitoring.error instanceof ApiError
        ? monitoring.error.message
        : 'The risk lists could not be loaded.';
  const common = {
    isLoading: monitoring.isPending,
    error,
    onRefresh: () => void monitoring.refetch(),
    timeZone,
    height: gridHeight,
    showGroupPanel: false,
  };

  return (
    <Stack gap="md">
      <Title order={1}>Risk Information</Title>
      <Tabs defaultValue="std-dev" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="std-dev">3x Std Dev</Tabs.Tab>
          <Tabs.Tab value="high-ticket">Over High Ticket</Tabs.Tab>
          <Tabs.Tab value="high-velocity">High Velocity</Tabs.Tab>
          <Tabs.Tab value="disputes">Disputes</Tabs.Tab>
          <Tabs.Tab value="merchant-control">Merchant Control</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="std-dev" pt="md">
          <DataGrid
            {...common}
            ariaLabel="3x Std Dev"
            columns={columns.stdDev}
            rows={monitoring.data?.standard_deviation_list ?? []}
            getRowId={(row) => row.transaction_id}
            exportFileName={riskExportFileNames.stdDev}
          />
        </Tabs.Panel>
        <Tabs.Panel value="high-ticket" pt="md">
          <DataGrid
            {...common}
            ariaLabel="Over High Ticket"
            columns={columns.highTicket}
            rows={monitoring.data?.transactions_over_high_ticket_limit ?? []}
            getRowId={(row) => row.id}
            exportFileName={riskExportFileNames.highTicket}
          />
        </Tabs.Panel>
        <Tabs.Panel value="high-velocity" pt="md">
          <DataGrid
            {...common}
            ariaLabel="High Velocity"
            columns={columns.highVelocity}
            rows={monitoring.data?.transactions_high_velocity ?? []}
            getRowId={(row) => row.id}
            exportFileName={riskExportFileNames.highVelocity}
          />
        </Tabs.Panel>
        <Tabs.Panel value="disputes" pt="md">
          <DisputeRatiosTab timeZone={timeZone} />
        </Tabs.Panel>
        <Tabs.Panel value="merchant-control" pt="md">
          <MerchantControl timeZone={timeZone} />
        </Tabs.Panel>
      </Tabs>
      <NotesDialog transactionId={notesOf} timeZone={timeZone} onClose={() => setNotesOf(null)} />
    </Stack>
  );
}
