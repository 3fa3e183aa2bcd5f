import { Stack, Title } from '@mantine/core';
import {
  type RevShareAdminRow,
  type RevShareRow,
  RevShareText,
  revShareFileName,
} from '@portico/contracts/billing/revenue-share';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { apiErrorMessage } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useRevShareAdminRows, useRevShareRows } from '../api/get-rev-share';

const money = (id: keyof RevShareRow, header: string): DataGridColumn<RevShareRow> => ({
  id,
  header,
  kind: 'money',
  value: (row) => row[id],
  hasCurrencySign: true,
  width: 150,
});

// The rev-share grid's columns: the Merchant group, then the Performance group.
const merchantGroup: readonly DataGridColumn<RevShareRow>[] = [
  {
    id: 'sub_merchant_name',
    header: 'Merchant',
    kind: 'text',
    value: (row) => row.sub_merchant_name,
    width: 220,
  },
  { id: 'parent_name', header: 'Parent', kind: 'text', value: (row) => row.parent_name ?? '', width: 200 },
  {
    id: 'date_onboarded',
    header: 'Date Onboarded',
    kind: 'date',
    value: (row) => row.date_onboarded,
    width: 150,
  },
];
const performanceGroup: readonly DataGridColumn<RevShareRow>[] = [
  {
    id: 'transaction_month',
    header: 'Month',
    kind: 'text',
    value: (row) => row.transaction_month,
    width: 100,
  },
  {
    id: 'transactions',
    header: 'Transactions',
    kind: 'number',
    value: (row) => row.transactions,
    width: 130,
  },
  money('total_transaction_amount', 'Total Amount'),
  money('total_transaction_fee', 'Total Fees'),
  money('total_costing', 'Total Costing'),
  money('epx_revenue_collected', 'Processor Revenue Collected'),
  money('total_profit', 'Total Profit'),
  {
    id: 'rev_share',
    header: 'Rev Share',
    kind: 'number',
    value: (row) => Number(row.rev_share),
    decimals: 2,
    isTotalled: false,
    width: 120,
  },
  money('payout', 'Payout'),
  money('post_payout_profit', 'Post-Payout Profit'),
];
// The DataGrid draws the two groups' captions in its header, over their columns.
export const revShareColumns: readonly DataGridColumn<RevShareRow>[] = [
  ...merchantGroup.map((column) => ({ ...column, group: RevShareText.MerchantGroup })),
  ...performanceGroup.map((column) => ({ ...column, group: RevShareText.PerformanceGroup })),
];

// /rev-share: the grouped grid of each sub-merchant's month and its parent's share.
export function RevSharePage() {
  const timeZone = useUserTimeZone();
  const rows = useRevShareRows();
  return (
    <Stack gap="md">
      <Title order={1}>{RevShareText.PageTitle}</Title>
      <DataGrid
        ariaLabel={RevShareText.PageTitle}
        columns={revShareColumns}
        rows={rows.data ?? []}
        getRowId={(row) => row.id}
        isLoading={rows.isPending}
        error={rows.error === null ? null : apiErrorMessage(rows.error, 'Revenue share could not be loaded.')}
        onRefresh={() => void rows.refetch()}
        timeZone={timeZone}
        height="max(480px, calc(100vh - 280px))"
        showTotals
        showGroupPanel
        exportFileName={revShareFileName}
      />
    </Stack>
  );
}

// The revenue share row (an array): its positions as columns.
const at =
  <I extends number>(index: I) =>
  (row: RevShareAdminRow) =>
    row[index];
const adminMoney = (index: 5 | 6 | 8 | 9 | 10 | 11 | 13 | 14 | 15, id: string, header: string) =>
  ({ id, header, kind: 'money', value: at(index), hasCurrencySign: true, width: 140 }) as const;
export const revShareAdminColumns: readonly DataGridColumn<RevShareAdminRow>[] = [
  { id: 'parent', header: 'Parent', kind: 'text', value: (row) => row[0] ?? '', width: 200 },
  { id: 'merchant', header: 'Merchant', kind: 'text', value: at(1), width: 220 },
  { id: 'id', header: 'ID', kind: 'text', value: at(2), hidden: true },
  { id: 'month', header: 'Month', kind: 'text', value: at(3), width: 100 },
  { id: 'transactions', header: 'Transactions', kind: 'number', value: at(4), width: 130 },
  adminMoney(5, 'total', 'Total'),
  { ...adminMoney(6, 'average', 'Average'), isTotalled: false },
  { id: 'rate', header: 'Rate', kind: 'text', value: (row) => row[7] ?? '', width: 120 },
  adminMoney(8, 'collected_fees', 'Collected Fees'),
  adminMoney(9, 'interchange', 'Interchange'),
  adminMoney(10, 'ic', 'IC'),
  adminMoney(11, 'profit', 'Profit'),
  {
    id: 'percent',
    header: 'Percent',
    kind: 'number',
    value: (row) => Number(row[12]),
    decimals: 2,
    isTotalled: false,
    width: 110,
  },
  adminMoney(13, 'payout', 'Payout'),
  adminMoney(14, 'client_fees', 'Client Fees'),
  adminMoney(15, 'owed', 'Owed'),
];

// /revshareadmin (Revenue Sharing Admin): the report grid, exported as RevShare.xlsx.
export function RevShareAdminPage() {
  const timeZone = useUserTimeZone();
  const rows = useRevShareAdminRows();
  return (
    <Stack gap="md">
      <Title order={1}>{RevShareText.AdminTitle}</Title>
      <DataGrid
        ariaLabel={RevShareText.AdminTitle}
        columns={revShareAdminColumns}
        rows={rows.data ?? []}
        getRowId={(row) => `${row[2]}:${row[3]}`}
        isLoading={rows.isPending}
        error={rows.error === null ? null : apiErrorMessage(rows.error, 'Revenue share could not be loaded.')}
        onRefresh={() => void rows.refetch()}
        timeZone={timeZone}
        height="max(480px, calc(100vh - 260px))"
        showTotals
        exportFileName={revShareFileName}
      />
    </Stack>
  );
}
