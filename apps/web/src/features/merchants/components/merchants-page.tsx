import { Stack, Title } from '@mantine/core';
import type { MerchantGridRow } from '@portico/contracts/clients/client-lists';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useMerchants } from '../api/get-merchants';
import { merchantGridColumns } from '../utils/client-columns.utils';
import { SubpricingSection } from './subpricing-section';

// /merchants (menu "Accounts"): every client the caller reaches, exported as
// Merchants.xlsx; one click on a row opens /account/{clientid}. The sub-pricing table sits below.
export function MerchantsPage() {
  const timeZone = useUserTimeZone();
  const navigate = useNavigate();
  const merchants = useMerchants();
  const columns = useMemo(() => merchantGridColumns(), []);
  const openRow = (row: MerchantGridRow) => void navigate(`/account/${row.id}`);
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Title order={1}>Merchants</Title>
        <DataGrid
          ariaLabel="Merchants"
          columns={columns}
          rows={merchants.data ?? []}
          getRowId={(row) => row.id}
          isLoading={merchants.isPending}
          error={merchants.error ? 'Merchants could not be loaded.' : null}
          onRefresh={() => void merchants.refetch()}
          timeZone={timeZone}
          height="60vh"
          defaultSort={[{ colId: 'name', sort: 'asc' }]}
          configKey="merchants"
          exportFileName="Merchants.xlsx"
          onRowClick={openRow}
          // Enter on a focused row.
          onRowDoubleClick={openRow}
        />
      </Stack>
      <SubpricingSection clients={merchants.data ?? []} />
    </Stack>
  );
}
