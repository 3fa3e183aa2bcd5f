import { type VaultCustomerWithMethods, vaultCustomerResponse } from '@portico/contracts/vault/vault';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { virtualTerminalKeys } from './keys';

// GET /api/v1/vault/{customerId}: the customer the address names and
// their saved methods, which the terminal offers.
export function getVaultCustomer(
  customerId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VaultCustomerWithMethods> {
  return apiRequest(`/api/v1/vault/${encodeURIComponent(customerId)}`, {
    schema: vaultCustomerResponse.shape.message,
    ...(signal ? { signal } : {}),
  });
}

export function vaultCustomerQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: virtualTerminalKeys.vaultCustomer(customerId),
    queryFn: ({ signal }) => getVaultCustomer(customerId, { signal }),
    retry: false,
  });
}

export function useVaultCustomer(customerId: string | null) {
  return useQuery({ ...vaultCustomerQueryOptions(customerId ?? ''), enabled: customerId !== null });
}
