import { linkTerminalsResponse, openTerminals } from '@portico/contracts/payment-links/payment-links';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkBuilderKeys } from './keys';
import { credentialKeyOf, type LinkCredential, merchantRequestOf } from './link-credential';

// GET api/terminal (bearer key), or the signed-in user's merchant's: its terminals; the builder keeps
// the open ones.
export function useOpenLinkTerminals(credential: LinkCredential | null) {
  return useQuery({
    queryKey: linkBuilderKeys.terminals(credentialKeyOf(credential)),
    queryFn: async ({ signal }) => {
      if (credential === null) throw new Error('no credential');
      const { path, headers } = merchantRequestOf(credential, '/api/terminal', 'terminals');
      return openTerminals(
        await apiRequest(path, { schema: linkTerminalsResponse.shape.message, headers, signal }),
      );
    },
    enabled: credential !== null,
  });
}
