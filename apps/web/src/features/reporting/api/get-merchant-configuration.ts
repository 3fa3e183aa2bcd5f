import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { reportingKeys } from './keys';

// Spec 3 §3 "Merchant configuration" and §7 GET /api/client?id={id}: the optional search term field of
// the classic report (config.meta_field_search, meta_field_search_term) and the custom fields of the
// search form (customizations.custom_fields). Contracts hold no schema for this call yet (the server
// does not serve it in this build), so the page reads only these fields, leniently: a merchant
// without them, or no answer, simply shows neither.
const merchantConfigurationSchema = z.object({
  config: z
    .object({
      meta_field_search: z.boolean().nullish(),
      meta_field_search_term: z.string().nullish(),
      customizations: z.object({ custom_fields: z.array(z.string()).nullish() }).nullish(),
    })
    .nullish(),
});

export type ReportingConfiguration = {
  // The meta field the classic report's search parameter filters on; null: no search field.
  searchTermField: string | null;
  customFieldNames: string[];
};

export async function getMerchantConfiguration(
  merchantId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReportingConfiguration> {
  const client = await apiRequest('/api/client', {
    query: { id: merchantId },
    schema: merchantConfigurationSchema,
    signal,
  });
  const config = client.config;
  const term = config?.meta_field_search_term?.trim() ?? '';
  return {
    searchTermField: config?.meta_field_search === true && term !== '' ? term : null,
    customFieldNames: (config?.customizations?.custom_fields ?? []).filter((name) => name.trim() !== ''),
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

const noConfiguration: ReportingConfiguration = { searchTermField: null, customFieldNames: [] };

// merchantId null (staff without a merchant of their own): nothing to read.
export function useReportingConfiguration(merchantId: string | null): ReportingConfiguration {
  const { data } = useQuery({
    ...merchantConfigurationQueryOptions(merchantId ?? ''),
    enabled: merchantId !== null,
  });
  return data ?? noConfiguration;
}
