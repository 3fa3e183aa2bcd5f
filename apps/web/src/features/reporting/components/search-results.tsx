import { Button, Group, Paper, Text } from '@mantine/core';
import { ReportTransactionText } from '@portico/contracts/transactions/report';
import type { SearchCriteria, SearchRow } from '@portico/contracts/transactions/search';
import { TotalsLabel } from '@portico/contracts/transactions/search-totals';
import { ReportLabel } from '@portico/contracts/transactions/texts';
import type { MerchantPermissionGrants } from '@portico/contracts/transactions/void-refund-eligibility';
import { IconArrowLeft } from '@tabler/icons-react';
import { Fragment, useCallback, useMemo } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { ExportRequestedAlert } from '../../../components/data-grid/export/export-requested-alert';
import {
  type ServerExportBodyOf,
  useServerExport,
} from '../../../components/data-grid/export/use-server-export';
import { ApiError } from '../../../lib/api-client';
import { summarizeSearchRows, totalsFiguresOf, transactionTotalsOf } from '../../../lib/transaction-totals';
import { useTransactionSearch } from '../api/search-transactions';
import { useIsWideScreen } from '../hooks/use-is-wide-screen';
import type { TransactionDialogs } from '../hooks/use-transaction-dialogs';
import type { ReportAbilities } from '../utils/report-permissions.utils';
import { searchExportBody } from '../utils/search-export.utils';
import { subjectOfSearchRow } from '../utils/transaction-view.utils';
import { searchResultColumns } from './report-columns';

const searchRowId = (row: SearchRow) => row.id;

type SearchResultsProps = {
  criteria: SearchCriteria;
  abilities: ReportAbilities;
  grants: MerchantPermissionGrants;
  now: Date;
  timeZone: string;
  dialogs: TransactionDialogs;
  onRefine: () => void;
};

// The search 'results' view: the grid pages 500 rows; the totals leave out failed and declined
// items and add gross and net by the contracts rule, the same figures as the grid's footer; Refine
// Search returns to the form. 'All matching rows' has the server write every row the criteria match,
// even when more match than one search answers.
export function SearchResults({
  criteria,
  abilities,
  grants,
  now,
  timeZone,
  dialogs,
  onRefine,
}: SearchResultsProps) {
  const search = useTransactionSearch(criteria);
  const rows = search.data ?? [];
  const figures = useMemo(
    () => totalsFiguresOf(transactionTotalsOf(rows.map((row) => row.transaction_details))),
    [rows],
  );
  const { openDetail, openVoid, openRefund } = dialogs;
  const onVoid = useCallback((row: SearchRow) => openVoid(subjectOfSearchRow(row)), [openVoid]);
  const onRefund = useCallback((row: SearchRow) => openRefund(subjectOfSearchRow(row)), [openRefund]);
  const arePinned = useIsWideScreen();
  const columns = useMemo(
    () => searchResultColumns({ abilities, grants, now, onVoid, onRefund, arePinned }),
    [abilities, grants, now, onVoid, onRefund, arePinned],
  );
  const exportBodyOf = useCallback<ServerExportBodyOf>(
    (format, state) => searchExportBody(format, criteria, state, timeZone),
    [criteria, timeZone],
  );
  const { serverExport, hasRequested, dismiss } = useServerExport('transaction-search', exportBodyOf);
  const error = search.isError
    ? search.error instanceof ApiError
      ? search.error.message
      : 'The search could not be run.'
    : null;

  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onRefine}>
          {ReportLabel.RefineSearch}
        </Button>
        {search.isSuccess && (
          <Paper withBorder px="sm" py={6} aria-label="Search totals" component="section">
            <Text size="sm">
              <Text span size="xs" c="dimmed">
                {`${TotalsLabel.Excluding}: `}
              </Text>
              {figures.map((figure, index) => (
                <Fragment key={figure.label}>
                  {index > 0 && ' · '}
                  <span data-total={figure.label}>
                    <strong>{figure.label}</strong> {figure.value}
                  </span>
                </Fragment>
              ))}
            </Text>
          </Paper>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {ReportTransactionText.OpenRowHint}
      </Text>
      {hasRequested && <ExportRequestedAlert onClose={dismiss} />}
      <DataGrid
        ariaLabel="Search Results"
        columns={columns}
        rows={rows}
        getRowId={searchRowId}
        isLoading={search.isPending}
        error={error}
        onRefresh={() => void search.refetch()}
        timeZone={timeZone}
        height="70vh"
        paginate
        showTotals
        summarizeRows={summarizeSearchRows}
        exportFileName="Transaction Search.xlsx"
        serverExport={serverExport}
        // One click opens the transaction, as Enter does from the keyboard.
        onRowClick={(row) => openDetail(subjectOfSearchRow(row))}
        onRowDoubleClick={(row) => openDetail(subjectOfSearchRow(row))}
      />
    </>
  );
}
