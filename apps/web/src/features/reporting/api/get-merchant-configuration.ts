import { clientRecordSchema, type ReportSearchPage } from '@portico/contracts/clients/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportingKeys } from './keys';

// The merchant configuration, from GET /api/client?id={id}: the optional search term field of
// the classic report (config.meta_field_search, meta_field_search_term), the custom fields of the
// search form (customizations.custom_fields) and where /reporting leads (default_search_page).
export type ReportingConfiguration = {
  // The meta field the classic report's search parameter filters on; null: no search field.
  searchTermField: string | null;
  customFieldNames: string[];
  defaultSearchPage: ReportSearchPage;
};

export async function getMerchantConfiguration(
  merchantId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReportingConfiguration> {
  const client = await apiRequest('/api/client', {
    query: { id: merchantId },
    schema: clientRecordSchema,
    signal,
  });
  const { config } = client;
  const term = config.meta_field_search_term?.trim() ?? '';
  return {
    searchTermField: config.meta_field_search && term !== '' ? term : null,
    customFieldNames: config.customizations.custom_fields,
    defaultSearchPage: config.customizations.default_search_page,
  };
}

export function merchantConfigurationQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: reportingKeys.merchantConfiguration(merchantId),
    queryFn: ({ signal }) => getMerchantConfiguration(merchantId, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

const noConfiguration: ReportingConfiguration = {
  searchTermField: null,
  customFieldNames: [],
  defaultSearchPage: 'classic',
};

// merchantId null (staff without a merchant of their own): nothing to read.
export function useReportingConfiguration(merchantId: string | null): ReportingConfiguration {
  const { data } = useQuery({
    ...merchantConfigurationQueryOptions(merchantId ?? ''),
    enabled: merchantId !== null,
  });
  return data ?? noConfiguration;
}
