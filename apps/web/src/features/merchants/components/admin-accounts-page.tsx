import { Stack, Title } from '@mantine/core';
import type { ClientListRow } from '@portico/contracts/clients/client-lists';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { GridSearch } from '../../../components/grid-search';
import { useSearchedRows } from '../../../lib/text-search';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useClientList } from '../api/get-client-list';
import { clientListColumns } from '../utils/client-columns.utils';

// /accounts (menu "Admin Accounts"): the client list; one click on a row opens
// /account/{clientid}.
const searchedTextsOf = (row: ClientListRow) => [row.dba_name, row.legal_name, row.parent, row.id];

export function AdminAccountsPage() {
  const timeZone = useUserTimeZone();
  const navigate = useNavigate();
  const clients = useClientList();
  const columns = useMemo(() => clientListColumns<ClientListRow>(), []);
  const openRow = (row: ClientListRow) => void navigate(`/account/${row.id}`);
  const [search, setSearch] = useState('');
  const rows = useSearchedRows(clients.data ?? [], search, searchedTextsOf);
  return (
    <Stack gap="md">
      <Title order={1}>Admin Accounts</Title>
      <GridSearch
        label="Search accounts"
        placeholder="DBA, legal name, parent or ID"
        value={search}
        onChange={setSearch}
      />
      <DataGrid
        ariaLabel="Admin Accounts"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        isLoading={clients.isPending}
        error={clients.error ? 'Accounts could not be loaded.' : null}
        onRefresh={() => void clients.refetch()}
        timeZone={timeZone}
        defaultSort={[{ colId: 'dba_name', sort: 'asc' }]}
        configKey="admin-accounts"
        exportFileName="Accounts.xlsx"
        onRowClick={openRow}
        onRowDoubleClick={openRow}
      />
    </Stack>
  );
}
