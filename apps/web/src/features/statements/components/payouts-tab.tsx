import { Button, Group, Stack } from '@mantine/core';
import { payoutsFileName, payoutsPageSize, StatementText } from '@portico/contracts/statements/statements';
import { useRef, useState } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridApi } from '../../../components/data-grid/data-grid.types';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { usePayouts } from '../api/get-payouts';
import { payoutColumns } from '../utils/statement-columns.utils';
import { SettlementGroupModal } from './settlement-group-modal';
import { StatementMerchantPicker } from './statement-filters';

// Payouts tab: merchant filter, 'Export Payouts to Excel', the grid 50 a page; a row
// opens its Settlement Group.
export function PayoutsTab() {
  const timeZone = useUserTimeZone();
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [openPayoutId, setOpenPayoutId] = useState<string | null>(null);
  const payouts = usePayouts(merchantId);
  const gridApi = useRef<DataGridApi>(null);
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <StatementMerchantPicker label="Merchant" value={merchantId} onChange={setMerchantId} isFilter />
        <Button variant="default" onClick={() => void gridApi.current?.exportExcel()}>
          {StatementText.ExportPayouts}
        </Button>
      </Group>
      <DataGrid
        ariaLabel={StatementText.PayoutsTab}
        columns={payoutColumns}
        rows={payouts.data ?? []}
        getRowId={(row) => row.payout_details.id}
        isLoading={payouts.isPending}
        error={payouts.error ? payouts.error.message : null}
        onRefresh={() => void payouts.refetch()}
        timeZone={timeZone}
        height={500}
        paginate
        pageSize={payoutsPageSize}
        showSidePanel={false}
        showGroupPanel={false}
        exportFileName={payoutsFileName}
        apiRef={gridApi}
        onRowClick={(row) => setOpenPayoutId(row.payout_details.id)}
      />
      <SettlementGroupModal
        payoutId={openPayoutId}
        onClose={() => setOpenPayoutId(null)}
        timeZone={timeZone}
      />
    </Stack>
  );
}
