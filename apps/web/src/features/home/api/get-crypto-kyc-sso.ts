import { cryptoKycSsoResponse } from '@portico/contracts/crypto/crypto-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cryptoKeys } from './get-crypto-status';

const cryptoKycSsoSchema = cryptoKycSsoResponse.shape.message;

// GET /api/crypto/kyc-sso?merchant-id={id}: the sign-on link to the provider's KYC page.
export function getCryptoKycSso(merchantId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/crypto/kyc-sso', {
    schema: cryptoKycSsoSchema,
    query: { 'merchant-id': merchantId },
    signal,
  });
}

export function cryptoKycSsoQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: cryptoKeys.kycSso(merchantId),
    queryFn: ({ signal }) => getCryptoKycSso(merchantId, { signal }),
    // The link is signed for an hour; a fresh one each time the dashboard opens is enough.
    staleTime: 5 * 60_000,
  });
}

export function useCryptoKycSso(merchantId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...cryptoKycSsoQueryOptions(merchantId), enabled });
}
