import { Button, Checkbox, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  BillingText,
  type MonthlyBillingMerchantRow,
  type MonthlyBillingRow,
} from '@portico/contracts/billing/billing';
import { shiftYearMonth, statementMonthLabel } from '@portico/contracts/statements/statement-month';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { apiErrorMessage } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import {
  useCreateMerchantBill,
  useMonthlyBilling,
  useMonthlyBillingMerchants,
  useSetMonthlyBilling,
} from '../api/billing';

type View = 'billing' | 'configuration';

// The grid is 500px high.
const gridHeight = 500;

const billingColumns: readonly DataGridColumn<MonthlyBillingRow>[] = [
  { id: 'id', header: 'ID', kind: 'text', value: (row) => row.id, hidden: true },
  { id: 'name', header: 'Name', kind: 'text', value: (row) => row.name, width: 220 },
  { id: 'parent', header: 'Parent', kind: 'text', value: (row) => row.parent?.name ?? '', width: 200 },
  { id: 'month', header: 'Month', kind: 'text', value: (row) => row.month, width: 100 },
  { id: 'transaction_count', header: 'Transactions', kind: 'number', value: (row) => row.transaction_count },
  {
    id: 'total_transaction_amount',
    header: 'Total Amount',
    kind: 'money',
    value: (row) => row.total_transaction_amount,
    hasCurrencySign: true,
  },
  {
    id: 'last_transaction_date_in_month',
    header: 'Last Transaction',
    kind: 'date',
    value: (row) => row.last_transaction_date_in_month,
  },
  {
    id: 'monthly_minimum',
    header: 'Monthly Minimum',
    kind: 'money',
    value: (row) => row.monthly_minimum,
    hasCurrencySign: true,
  },
  {
    id: 'monthly_fee',
    header: 'Monthly Fee',
    kind: 'money',
    value: (row) => row.monthly_fee,
    hasCurrencySign: true,
  },
  {
    id: 'is_transacting_in_month',
    header: 'Transacting',
    kind: 'boolean',
    value: (row) => row.is_transacting_in_month,
  },
  { id: 'is_month_paid', header: 'Paid', kind: 'boolean', value: (row) => row.is_month_paid },
  {
    id: 'is_monthly_billing_enabled',
    header: 'Monthly Billing',
    kind: 'boolean',
    value: (row) => row.is_monthly_billing_enabled,
  },
];

// On is a PUT, off is a DELETE; if the call fails the checkbox reverts.
function MonthlyBillingCheckbox({ merchant }: { merchant: MonthlyBillingMerchantRow }) {
  const toggle = useSetMonthlyBilling();
  // The value asked for while the call runs and once it succeeded; dropped on failure (the revert).
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? merchant.is_monthly_billing_enabled;
  return (
    <Stack gap={2} h="100%" justify="center">
      <Checkbox
        aria-label={`${BillingText.MonthlyBillingTitle}: ${merchant.name}`}
        checked={checked}
        disabled={toggle.isPending}
        onChange={(event) => {
          const isEnabled = event.currentTarget.checked;
          setAsked(isEnabled);
          toggle.mutate({ id: merchant.id, isEnabled }, { onError: () => setAsked(null) });
        }}
      />
      {toggle.isError ? (
        <Text size="xs" c="red.8" role="alert">
          {apiErrorMessage(toggle.error, BillingText.ToggleFailed)}
        </Text>
      ) : null}
    </Stack>
  );
}

function CreateBillButton({ merchant, month }: { merchant: MonthlyBillingMerchantRow; month: string }) {
  const create = useCreateMerchantBill();
  return (
    <Group gap={4} wrap="nowrap" h="100%">
      <Button
        size="compact-xs"
        variant="light"
        loading={create.isPending}
        disabled={!merchant.is_monthly_billing_enabled}
        aria-label={`${BillingText.CreateBill}: ${merchant.name}`}
        onClick={() => create.mutate({ id: merchant.id, month })}
      >
        {BillingText.CreateBill}
      </Button>
      {create.isSuccess ? <Text size="xs">{BillingText.BillCreated}</Text> : null}
      {create.isError ? (
        <Text size="xs" c="red.8" role="alert">
          {apiErrorMessage(create.error, 'The bill could not be created.')}
        </Text>
      ) : null}
    </Group>
  );
}

function configurationColumns(month: string): DataGridColumn<MonthlyBillingMerchantRow>[] {
  return [
    {
      id: 'is_monthly_billing_enabled',
      header: 'Monthly Billing',
      kind: 'boolean',
      value: (row) => row.is_monthly_billing_enabled,
      width: 150,
      renderCell: (row) => <MonthlyBillingCheckbox merchant={row} />,
    },
    { id: 'name', header: 'Name', kind: 'text', value: (row) => row.name, width: 240 },
    { id: 'parent', header: 'Parent', kind: 'text', value: (row) => row.parent?.name ?? '', width: 200 },
    {
      id: 'monthly_fee',
      header: 'Monthly Fee',
      kind: 'money',
      value: (row) => row.monthly_fee,
      hasCurrencySign: true,
    },
    {
      id: 'monthly_minimum',
      header: 'Monthly Minimum',
      kind: 'money',
      value: (row) => row.monthly_minimum,
      hasCurrencySign: true,
    },
    {
      id: 'create_bill',
      header: BillingText.CreateBill,
      kind: 'text',
      value: () => '',
      width: 260,
      filter: false,
      isSortable: false,
      renderCell: (row) => <CreateBillButton merchant={row} month={month} />,
    },
  ];
}

// The months a bill can be created for: the ones that are over, the last two years, newest first.
function billMonthOptions(today: Date): { value: string; label: string }[] {
  const current = today.toISOString().slice(0, 7);
  return Array.from({ length: 24 }, (_, k) => shiftYearMonth(current, -(k + 1))).map((month) => ({
    value: month,
    label: statementMonthLabel(month),
  }));
}

// /monthly-billing: the Billing and Configuration tabs.
export function MonthlyBillingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('tab') === 'configuration' ? 'configuration' : 'billing';
  const timeZone = useUserTimeZone();
  const rows = useMonthlyBilling();
  const merchants = useMonthlyBillingMerchants();
  const monthOptions = useMemo(() => billMonthOptions(new Date()), []);
  const [month, setMonth] = useState(monthOptions[0]?.value ?? '');
  const columns = useMemo(() => configurationColumns(month), [month]);
  return (
    <Stack gap="md">
      <Title order={1}>{BillingText.MonthlyBillingTitle}</Title>
      <Tabs
        value={view}
        onChange={(next) =>
          setSearchParams(next === 'configuration' ? { tab: 'configuration' } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="billing">{BillingText.MonthlyBillingTab}</Tabs.Tab>
          <Tabs.Tab value="configuration">{BillingText.ConfigurationTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="billing" pt="md">
          <DataGrid
            ariaLabel={BillingText.MonthlyBillingTab}
            columns={billingColumns}
            rows={rows.data ?? []}
            getRowId={(row) => row.id}
            isLoading={rows.isPending}
            error={
              rows.error === null ? null : apiErrorMessage(rows.error, 'Monthly billing could not be loaded.')
            }
            onRefresh={() => void rows.refetch()}
            timeZone={timeZone}
            height={gridHeight}
          />
        </Tabs.Panel>
        <Tabs.Panel value="configuration" pt="md">
          <Stack gap="sm">
            <Select
              label={BillingText.BillMonthLabel}
              data={monthOptions}
              value={month}
              onChange={(value) => setMonth(value ?? month)}
              allowDeselect={false}
              w={220}
            />
            <DataGrid
              ariaLabel={BillingText.ConfigurationTab}
              columns={columns}
              rows={merchants.data ?? []}
              getRowId={(row) => row.id}
              isLoading={merchants.isPending}
              error={
                merchants.error === null
                  ? null
                  : apiErrorMessage(merchants.error, 'Merchants could not be loaded.')
              }
              onRefresh={() => void merchants.refetch()}
              timeZone={timeZone}
              height={gridHeight}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
