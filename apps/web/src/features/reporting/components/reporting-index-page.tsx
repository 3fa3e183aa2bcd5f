import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { merchantConfigurationQueryOptions } from '../api/get-merchant-configuration';

// /reporting: on to the merchant's default_search_page, classic when the merchant has
// none, cannot be read, or the caller has no merchant of their own. The query string travels along.
export function ReportingIndexPage() {
  const { user, viewAsClientId } = useSignedInSession();
  const { search } = useLocation();
  const merchantId = viewAsClientId ?? user.account.default_client?.id ?? null;
  const configuration = useQuery({
    ...merchantConfigurationQueryOptions(merchantId ?? ''),
    enabled: merchantId !== null,
  });
  if (merchantId !== null && configuration.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading reporting" />
      </Center>
    );
  }
  const page = configuration.data?.defaultSearchPage ?? 'classic';
  return <Navigate to={`/reporting/${page}${search}`} replace />;
}
