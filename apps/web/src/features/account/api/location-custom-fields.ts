import type { AccountDetail } from '@portico/contracts/clients/account-detail';
import {
  type LocationCustomField,
  locationCustomFieldsResponse,
} from '@portico/contracts/clients/location-custom-fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

const path = (clientId: string) => `/api/account/${clientId}/location-custom-fields`;

// PUT: the whole list replaces the stored one; the Events panel shows the change.
export function useSaveLocationCustomFields(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: LocationCustomField[]) =>
      apiRequest(path(clientId), {
        method: 'PUT',
        schema: locationCustomFieldsResponse.shape.message,
        body: { fields },
      }),
    // The account record carries the list (GET /api/account/{clientid}): it is updated in place.
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.detail(clientId), (account: AccountDetail | undefined) =>
        account ? { ...account, location_custom_fields: saved } : account,
      );
      return queryClient.invalidateQueries({ queryKey: accountKeys.events(clientId) });
    },
  });
}
