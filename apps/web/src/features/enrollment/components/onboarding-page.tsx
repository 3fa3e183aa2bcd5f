import { Stack, Title } from '@mantine/core';
import { applicationStatusEnumLabels, type OnboardingRow } from '@portico/contracts/enrollment/enroll';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { GridSearch } from '../../../components/grid-search';
import { useSearchedRows } from '../../../lib/text-search';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useOnboardingRows } from '../api/enrollment-api';

// A fresh application has no enrollment status yet; the labels write it as New.
const newStatus = 'NEW';

export const onboardingColumns: readonly DataGridColumn<OnboardingRow>[] = [
  { id: 'dba_name', header: 'DBA Name', kind: 'text', value: (row) => row.dba_name ?? '' },
  { id: 'legal_name', header: 'Legal Name', kind: 'text', value: (row) => row.legal_name ?? '' },
  {
    id: 'created_at',
    header: 'Created',
    kind: 'datetime',
    value: (row) => row.created_at,
  },
  {
    id: 'application_status',
    header: 'Status',
    kind: 'enum',
    filter: 'set',
    value: (row) => row.application_status ?? newStatus,
    enumLabels: applicationStatusEnumLabels,
  },
  // The name leads; the 36-character id sits last, narrow and hidden until asked for in Columns.
  { id: 'id', header: 'ID', kind: 'text', value: (row) => row.id, width: 120, hidden: true },
];

// /onboarding: every enrollment; one click on a row opens /onboard/{id} (a list of links,
// nothing to select first).
const searchedTextsOf = (row: OnboardingRow) => [row.dba_name, row.legal_name, row.id];

export function OnboardingPage() {
  const timeZone = useUserTimeZone();
  const navigate = useNavigate();
  const rows = useOnboardingRows();
  const openRow = (row: OnboardingRow) => void navigate(`/onboard/${row.id}`);
  const [search, setSearch] = useState('');
  const shownRows = useSearchedRows(rows.data ?? [], search, searchedTextsOf);
  return (
    <Stack gap="md">
      <Title order={1}>Onboarding</Title>
      <GridSearch
        label="Search applications"
        placeholder="DBA, legal name or ID"
        value={search}
        onChange={setSearch}
      />
      <DataGrid
        ariaLabel="Onboarding"
        columns={onboardingColumns}
        rows={shownRows}
        getRowId={(row) => row.id}
        isLoading={rows.isPending}
        error={rows.error ? 'Enrollments could not be loaded.' : null}
        onRefresh={() => void rows.refetch()}
        timeZone={timeZone}
        defaultSort={[{ colId: 'created_at', sort: 'desc' }]}
        configKey="onboarding"
        exportFileName="Onboarding.xlsx"
        onRowClick={openRow}
        // Enter on a focused row.
        onRowDoubleClick={openRow}
      />
    </Stack>
  );
}
