import { Stack, Title } from '@mantine/core';
import { defaultClassicReportRangeDays } from '@portico/contracts/transactions/report';
import type { SearchCriteria } from '@portico/contracts/transactions/search';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { addDays, usableTimeZone, zonedDayOf } from '../../../lib/time-zone/zoned-days';
import { useReportingConfiguration } from '../api/get-merchant-configuration';
import { reportingKeys } from '../api/keys';
import { useDateTimeFormat } from '../hooks/use-date-time-format';
import { useNow } from '../hooks/use-now';
import { useTransactionDialogs } from '../hooks/use-transaction-dialogs';
import { reportAbilities, reportPermissionGrants } from '../utils/report-permissions.utils';
import {
  decodeSearchQueryParam,
  encodeSearchQueryParam,
  searchFormOfCriteria,
  searchQueryParam,
} from '../utils/search-criteria.utils';
import { ReportingTabs } from './reporting-tabs';
import { type MerchantOption, SearchForm } from './search-form';
import { SearchResults } from './search-results';
import { TransactionDialogs } from './transaction-dialogs';

// /reporting/search: the 'search' view (the form) and the 'results' view. The criteria
// live in the q parameter, so a shared url opens the same results.
export function TransactionSearchPage() {
  const { actingRole, permissions, user, viewAsClientId, myClients } = useSignedInSession();
  const timeZone = usableTimeZone(useUserTimeZone());
  const grants = useMemo(
    () => reportPermissionGrants({ actingRole, permissions, user }),
    [actingRole, permissions, user],
  );
  const abilities = useMemo(() => reportAbilities(grants), [grants]);
  const merchantId = viewAsClientId ?? user.account.default_client?.id ?? null;
  const { customFieldNames } = useReportingConfiguration(merchantId);
  const now = useNow();
  const formatDateTime = useDateTimeFormat(timeZone);
  const dialogs = useTransactionDialogs();
  const queryClient = useQueryClient();

  const [searchParams, setSearchParams] = useSearchParams();
  const encoded = searchParams.get(searchQueryParam);
  const criteria = useMemo(() => decodeSearchQueryParam(encoded), [encoded]);
  const [isRefining, setRefining] = useState(false);
  const view = criteria !== null && !isRefining ? 'results' : 'search';

  // Admin and parent name the merchant; others search their own.
  const merchantOptions = useMemo<MerchantOption[]>(
    () =>
      actingRole === 'admin' || actingRole === 'parent'
        ? (myClients ?? []).map((client) => ({ value: client.id, label: client.dba_name ?? client.name }))
        : [],
    [actingRole, myClients],
  );
  const today = zonedDayOf(now, timeZone);
  const initialValues = useMemo(
    () =>
      searchFormOfCriteria(criteria, {
        startDate: addDays(today, -defaultClassicReportRangeDays),
        endDate: today,
        customFieldNames,
      }),
    [criteria, today, customFieldNames],
  );

  function search(next: SearchCriteria) {
    const nextEncoded = encodeSearchQueryParam(next);
    setRefining(false);
    // The same search again asks the server again.
    if (nextEncoded === encoded) void queryClient.invalidateQueries({ queryKey: reportingKeys.search(next) });
    else setSearchParams({ [searchQueryParam]: nextEncoded });
  }

  return (
    <Stack gap="md">
      <Title order={1}>Transaction Search</Title>
      <ReportingTabs active="search" />
      {view === 'search' || criteria === null ? (
        <SearchForm
          key={`${encoded ?? ''}|${customFieldNames.join('|')}|${merchantOptions.length}`}
          initialValues={initialValues}
          merchantOptions={merchantOptions}
          ownMerchantId={merchantId}
          userId={user.id}
          onSearch={search}
        />
      ) : (
        <SearchResults
          criteria={criteria}
          abilities={abilities}
          grants={grants}
          now={now}
          timeZone={timeZone}
          dialogs={dialogs}
          onRefine={() => setRefining(true)}
        />
      )}
      <TransactionDialogs
        dialogs={dialogs}
        abilities={abilities}
        grants={grants}
        now={now}
        formatDateTime={formatDateTime}
        // The void and refund calls refresh every report query themselves.
        onChanged={() => undefined}
      />
    </Stack>
  );
}
