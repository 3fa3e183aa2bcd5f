import { type PayeeSearchResult, payeeSearchResponse } from '@portico/contracts/vault/vault';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { vaultSearchFieldsOf } from '../utils/vault-export.utils';
import { vaultKeys } from './keys';

// GET api/payee/all with every search field set to the one search text; an empty
// text lists the merchant's first customers. clientId names the merchant (staff and parents choose
// it); null searches the caller's own.
export function searchVault(
  clientId: string | null,
  text: string,
  { signal }: { signal?: AbortSignal } = {},
) {
  const fields = vaultSearchFieldsOf(text);
  const query = clientId === null ? fields : { ...fields, clientid: clientId };
  return apiRequest('/api/payee/all', { schema: payeeSearchResponse.shape.message, query, signal });
}

export function vaultSearchQueryOptions(clientId: string | null, text: string) {
  return queryOptions<PayeeSearchResult>({
    queryKey: vaultKeys.search(clientId, text),
    queryFn: ({ signal }) => searchVault(clientId, text, { signal }),
  });
}

export function useVaultSearch(clientId: string | null, text: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...vaultSearchQueryOptions(clientId, text), placeholderData: keepPreviousData, enabled });
}
