import { Alert, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  BillingText,
  type BillLineItemRow,
  type RollingBillingRow,
} from '@portico/contracts/billing/billing';
import { useSearchParams } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { apiErrorMessage } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useBilling, usePayBill } from '../api/billing';

type View = 'line-item' | 'rolling';

const rollingColumns: readonly DataGridColumn<RollingBillingRow>[] = [
  { id: 'name', header: 'Name', kind: 'text', value: (row) => row.name, width: 240 },
  {
    id: 'central_processing_date',
    header: 'Central Processing Date',
    kind: 'date',
    value: (row) => row.central_processing_date,
    width: 200,
  },
  { id: 'cc_sales', header: 'CC Sales', kind: 'money', value: (row) => row.cc_sales, hasCurrencySign: true },
  {
    id: 'total_billing',
    header: 'Total Billing',
    kind: 'money',
    value: (row) => row.total_billing,
    hasCurrencySign: true,
  },
];

// A bill: its state in words, or the one action it allows.
function BillAction({ bill }: { bill: BillLineItemRow }) {
  const pay = usePayBill();
  // The words as the cell writes any text, so they sit on the row's line like its other cells.
  if (bill.state === 'paid') return BillingText.AlreadyPaid;
  if (bill.state === 'merchantNotEnabled') return BillingText.MerchantNotEnabled;
  return (
    <Stack gap={2} h="100%" justify="center">
      <Button
        size="compact-sm"
        loading={pay.isPending}
        // One payment per bill: the button stays off while the call runs, and the server keys it by bill.
        disabled={pay.isPending || pay.isSuccess}
        onClick={() => pay.mutate(bill.id)}
        aria-label={`${BillingText.PayBill}: ${bill.name}, ${bill.detail_description}`}
      >
        {BillingText.PayBill}
      </Button>
      {pay.isError ? (
        <Text size="xs" c="red.8" role="alert">
          {apiErrorMessage(pay.error, 'The bill could not be paid.')}
        </Text>
      ) : null}
    </Stack>
  );
}

const lineItemColumns: readonly DataGridColumn<BillLineItemRow>[] = [
  { id: 'name', header: 'Name', kind: 'text', value: (row) => row.name, width: 240 },
  {
    id: 'statement_date',
    header: 'Statement Date',
    kind: 'date',
    value: (row) => row.statement_date,
    width: 150,
  },
  {
    id: 'detail_description',
    header: 'Description',
    kind: 'text',
    value: (row) => row.detail_description,
    width: 240,
  },
  { id: 'r_total', header: 'Total', kind: 'money', value: (row) => row.r_total, hasCurrencySign: true },
  {
    id: 'state',
    header: 'Bill',
    kind: 'enum',
    enumLabels: {
      paid: BillingText.AlreadyPaid,
      merchantNotEnabled: BillingText.MerchantNotEnabled,
      payable: BillingText.PayBill,
    },
    value: (row) => row.state,
    width: 240,
    renderCell: (row) => <BillAction bill={row} />,
  },
];

// /billing: the Line Item and Rolling Billing tabs; the tab sits in ?tab=.
export function BillingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('tab') === 'rolling' ? 'rolling' : 'line-item';
  const timeZone = useUserTimeZone();
  const billing = useBilling();
  const error =
    billing.error === null ? null : apiErrorMessage(billing.error, 'Billing could not be loaded.');
  return (
    <Stack gap="md">
      <Title order={1}>{BillingText.BillingTitle}</Title>
      <Tabs
        value={view}
        onChange={(next) => setSearchParams(next === 'rolling' ? { tab: 'rolling' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="line-item">{BillingText.LineItemTab}</Tabs.Tab>
          <Tabs.Tab value="rolling">{BillingText.RollingBillingTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="line-item" pt="md">
          {error ? <Alert color="red">{error}</Alert> : null}
          <DataGrid
            ariaLabel={BillingText.LineItemTab}
            columns={lineItemColumns}
            rows={billing.data?.bill_details ?? []}
            getRowId={(row) => row.id}
            isLoading={billing.isPending}
            onRefresh={() => void billing.refetch()}
            timeZone={timeZone}
            height="max(480px, calc(100vh - 300px))"
          />
        </Tabs.Panel>
        <Tabs.Panel value="rolling" pt="md">
          {error ? <Alert color="red">{error}</Alert> : null}
          <DataGrid
            ariaLabel={BillingText.RollingBillingTab}
            columns={rollingColumns}
            rows={billing.data?.rolling_billing ?? []}
            getRowId={(row) => row.id}
            isLoading={billing.isPending}
            onRefresh={() => void billing.refetch()}
            timeZone={timeZone}
            height="max(480px, calc(100vh - 300px))"
            showTotals
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
