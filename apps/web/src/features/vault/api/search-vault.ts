import { type PayeeSearchResult, payeeSearchResponse } from '@portico/contracts/vault/vault';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { vaultKeys } from './keys';

// GET api/payee/all with every search field set to the one search text (spec 2 §7 Vault); an empty
// text lists the merchant's first customers.
export function searchVault(text: string, { signal }: { signal?: AbortSignal } = {}) {
  const query =
    text === ''
      ? {}
      : { external_id: text, first_name: text, last_name: text, email: text, patient_number: text };
  return apiRequest('/api/payee/all', { schema: payeeSearchResponse.shape.message, query, signal });
}

export function vaultSearchQueryOptions(text: string) {
  return queryOptions<PayeeSearchResult>({
    queryKey: vaultKeys.search(text),
    queryFn: ({ signal }) => searchVault(text, { signal }),
  });
}

export function useVaultSearch(text: string) {
  return useQuery({ ...vaultSearchQueryOptions(text), placeholderData: keepPreviousData });
}
