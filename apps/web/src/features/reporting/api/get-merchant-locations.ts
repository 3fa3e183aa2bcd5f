import { userSubEntitiesResponse } from '@portico/contracts/clients/client';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportingKeys } from './keys';

// GET /api/rbac/{merchantId}/users/{userId}/sub-entities: the merchant's locations the
// signed-in user works at, offered as a search criterion. No merchant, or no answer: no criterion.
export function useMerchantLocations(merchantId: string | null, userId: string) {
  const { data } = useQuery({
    queryKey: reportingKeys.merchantLocations(merchantId ?? '', userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/rbac/${merchantId}/users/${userId}/sub-entities`, {
        schema: userSubEntitiesResponse.shape.message,
        signal,
      }),
    enabled: merchantId !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });
  return data ?? [];
}
