import {
  type CryptoStatus,
  cryptoStatusRefreshMs,
  cryptoStatusResponse,
  isCryptoKycPending,
} from '@portico/contracts/crypto/crypto-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { homeKeys } from './keys';

const cryptoStatusSchema = cryptoStatusResponse.shape.message;

export const cryptoKeys = {
  status: (merchantId: string) => [...homeKeys.all, 'crypto-status', { merchantId }] as const,
  kycSso: (merchantId: string) => [...homeKeys.all, 'crypto-kyc-sso', { merchantId }] as const,
};

// GET /api/crypto/status?merchant-id={id}.
export function getCryptoStatus(merchantId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/crypto/status', {
    schema: cryptoStatusSchema,
    query: { 'merchant-id': merchantId },
    signal,
  });
}

// Refreshed every 4 seconds while a forumpay provider is not yet enabled, so the
// buttons follow the KYC the merchant completes in the provider's tab.
export function cryptoStatusRefetchInterval(status: CryptoStatus | undefined): number | false {
  return isCryptoKycPending(status) ? cryptoStatusRefreshMs : false;
}

export function cryptoStatusQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: cryptoKeys.status(merchantId),
    queryFn: ({ signal }) => getCryptoStatus(merchantId, { signal }),
    refetchInterval: (query) => cryptoStatusRefetchInterval(query.state.data),
  });
}

export function useCryptoStatus(merchantId: string) {
  return useQuery(cryptoStatusQueryOptions(merchantId));
}
