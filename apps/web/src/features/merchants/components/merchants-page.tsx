import { Stack, Title } from '@mantine/core';
import type { MerchantGridRow } from '@portico/contracts/clients/client-lists';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { GridSearch } from '../../../components/grid-search';
import { useSearchedRows } from '../../../lib/text-search';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useMerchants } from '../api/get-merchants';
import { merchantGridColumns } from '../utils/client-columns.utils';
import { SubpricingSection } from './subpricing-section';

// /merchants (menu "Accounts"): every client the caller reaches, exported as
// Merchants.xlsx; one click on a row opens /account/{clientid}. The sub-pricing table sits below.
const searchedTextsOf = (row: MerchantGridRow) => [
  row.name,
  row.dba_name,
  row.legal_name,
  row.parent,
  row.mcc_code,
  row.id,
];

export function MerchantsPage() {
  const timeZone = useUserTimeZone();
  const navigate = useNavigate();
  const merchants = useMerchants();
  const columns = useMemo(() => merchantGridColumns(), []);
  const openRow = (row: MerchantGridRow) => void navigate(`/account/${row.id}`);
  const [search, setSearch] = useState('');
  const rows = useSearchedRows(merchants.data ?? [], search, searchedTextsOf);
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Title order={1}>Merchants</Title>
        <GridSearch
          label="Search merchants"
          placeholder="Name, legal name, parent, MCC or ID"
          value={search}
          onChange={setSearch}
        />
        <DataGrid
          ariaLabel="Merchants"
          columns={columns}
          rows={rows}
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
