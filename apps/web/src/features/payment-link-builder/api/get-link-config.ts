import { linkConfigResponse } from '@portico/contracts/payment-links/payment-links';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkBuilderKeys } from './keys';
import { credentialKeyOf, type LinkCredential, merchantRequestOf } from './link-credential';

// GET /api/client/link-config (bearer key), or the signed-in user's merchant's: its configured methods.
export function useLinkConfig(credential: LinkCredential | null) {
  return useQuery({
    queryKey: linkBuilderKeys.linkConfig(credentialKeyOf(credential)),
    queryFn: ({ signal }) => {
      if (credential === null) throw new Error('no credential');
      const { path, headers } = merchantRequestOf(credential, '/api/client/link-config', 'link-config');
      return apiRequest(path, { schema: linkConfigResponse.shape.message, headers, signal });
    },
    enabled: credential !== null,
    staleTime: 5 * 60_000,
  });
}
