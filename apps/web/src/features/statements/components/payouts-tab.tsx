import { Button, Group, Stack } from '@mantine/core';
import { payoutsFileName, payoutsPageSize, StatementText } from '@portico/contracts/statements/statements';
import { useCallback, useRef, useState } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridApi } from '../../../components/data-grid/data-grid.types';
import { ExportRequestedAlert } from '../../../components/data-grid/export/export-requested-alert';
import {
  type ServerExportBodyOf,
  useServerExport,
} from '../../../components/data-grid/export/use-server-export';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { usePayouts } from '../api/get-payouts';
import { payoutsExportBody } from '../utils/payout-export.utils';
import { payoutColumns } from '../utils/statement-columns.utils';
import { SettlementGroupModal } from './settlement-group-modal';
import { StatementMerchantPicker } from './statement-filters';

// Payouts tab: merchant filter, 'Export Payouts to Excel', the grid 50 a page with its Export menu
// (this view, or all matching rows by the server); a row opens its Settlement Group.
export function PayoutsTab() {
  const timeZone = useUserTimeZone();
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [openPayoutId, setOpenPayoutId] = useState<string | null>(null);
  const payouts = usePayouts(merchantId);
  const gridApi = useRef<DataGridApi>(null);
  // 'All matching rows': the server writes every payout of the merchant (or of every merchant in
  // reach) that the grid's own filters match.
  const exportBodyOf = useCallback<ServerExportBodyOf>(
    (format, state) => payoutsExportBody(format, merchantId, state, timeZone),
    [merchantId, timeZone],
  );
  const { serverExport, hasRequested, dismiss } = useServerExport('payouts', exportBodyOf);
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <StatementMerchantPicker label="Merchant" value={merchantId} onChange={setMerchantId} isFilter />
        <Button variant="default" onClick={() => void gridApi.current?.exportExcel()}>
          {StatementText.ExportPayouts}
        </Button>
      </Group>
      {hasRequested && <ExportRequestedAlert onClose={dismiss} />}
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
        serverExport={serverExport}
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
