import { Select, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionRow } from '@portico/contracts/subscriptions/subscriptions';
import { recurringChargesFileName } from '@portico/contracts/subscriptions/subscriptions';
import { useMemo, useState } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useSubscriptions } from '../api/get-subscriptions';
import { cyclesLabel } from '../utils/recurring.utils';
import { RecurringText } from '../utils/recurring-text';
import { SeriesModal } from './series-modal';

const columns: readonly DataGridColumn<SubscriptionRow>[] = [
  { id: 'status', header: 'Status', kind: 'text', value: (row) => row.status_label, width: 110 },
  { id: 'email', header: 'Email', kind: 'text', value: (row) => row.email, width: 240 },
  {
    id: 'amount',
    header: 'Amount',
    kind: 'money',
    value: (row) => row.amount,
    hasCurrencySign: true,
    width: 120,
  },
  { id: 'first_charge', header: 'First Charge', kind: 'date', value: (row) => row.first_charge, width: 130 },
  { id: 'next', header: 'Next Charge', kind: 'date', value: (row) => row.next, width: 130 },
  {
    id: 'cycles_remaining',
    header: 'Cycles Remaining',
    kind: 'number',
    value: (row) => row.cycles_remaining,
    decimals: 0,
    isTotalled: false,
    aggregate: null,
    // A series without a count runs until cancelled: said in words, as the series modal does.
    renderCell: (row, text) => (row.cycles_remaining === null ? cyclesLabel(null) : text),
    width: 150,
  },
  { id: 'end_reason', header: 'End Reason', kind: 'text', value: (row) => row.end_reason ?? '', width: 220 },
  // The merchant sees the charges that failed.
  {
    id: 'failed_charges',
    header: 'Failed Charges',
    kind: 'number',
    value: (row) => row.failed_charges,
    decimals: 0,
    isTotalled: false,
    width: 130,
  },
  {
    id: 'last_failed_charge',
    header: 'Last Failed Charge',
    kind: 'date',
    value: (row) => row.last_failed_charge,
    width: 150,
  },
];

// Admin and parent choose the merchant; every other role sees its own.
function canChooseMerchant(actingRole: string): boolean {
  return actingRole === 'admin' || actingRole === 'parent';
}

// /report/recurring (Recurring Charges): a merchant's series, exported as
// RecurringCharges.xlsx; a row click opens the 'Recurring Charge Series' modal.
export function RecurringChargesPage() {
  const { user, actingRole, myClients, viewAsClientId } = useSignedInSession();
  const timeZone = useUserTimeZone();
  const isChooser = canChooseMerchant(actingRole);
  const ownMerchantId = viewAsClientId ?? user.account.default_client?.id ?? null;
  const [chosenId, setChosenId] = useState<string | null>(ownMerchantId);
  const merchantId = isChooser ? chosenId : ownMerchantId;
  const series = useSubscriptions(merchantId, { enabled: merchantId !== null });
  const [openId, setOpenId] = useState<string | null>(null);
  // The modal reads the row from the list, so it shows each change once the grid is re-read.
  const openRow = useMemo(
    () => (series.data ?? []).find((row) => row.id === openId) ?? null,
    [series.data, openId],
  );
  const merchantOptions = useMemo(
    () => (myClients ?? []).map((client) => ({ value: client.id, label: client.name })),
    [myClients],
  );
  const ownName = user.account.default_client?.merchant.name ?? '';

  return (
    <Stack gap="md">
      <Title order={1}>{RecurringText.PageTitle}</Title>
      {isChooser ? (
        <Select
          label={RecurringText.ViewingFor}
          placeholder="Choose a merchant"
          data={merchantOptions}
          value={chosenId}
          onChange={(value) => {
            setChosenId(value);
            setOpenId(null);
          }}
          searchable
          nothingFoundMessage="Nothing found"
          w={{ base: '100%', sm: 360 }}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        ownName !== '' && <Text fw={500}>{ownName}</Text>
      )}
      {merchantId === null ? (
        <Text c="dimmed">Choose a merchant to see its recurring charges.</Text>
      ) : (
        <DataGrid
          ariaLabel={RecurringText.PageTitle}
          columns={columns}
          rows={series.data ?? []}
          getRowId={(row) => row.id}
          isLoading={series.isPending}
          error={series.error ? 'Recurring charges could not be loaded.' : null}
          onRefresh={() => void series.refetch()}
          timeZone={timeZone}
          height="max(420px, calc(100vh - 300px))"
          configKey="recurring-charges"
          exportFileName={recurringChargesFileName}
          onRowClick={(row) => setOpenId(row.id)}
        />
      )}
      {openRow && <SeriesModal series={openRow} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}
