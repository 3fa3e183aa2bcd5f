import {
  type LocationCustomField,
  locationCustomFieldsResponse,
} from '@portico/contracts/clients/location-custom-fields';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

const path = (clientId: string) => `/api/account/${clientId}/location-custom-fields`;

// GET /api/account/{clientid}/location-custom-fields: the Settings' location custom fields, by name.
export function useLocationCustomFields(clientId: string) {
  return useQuery({
    queryKey: accountKeys.locationCustomFields(clientId),
    queryFn: ({ signal }) =>
      apiRequest(path(clientId), { schema: locationCustomFieldsResponse.shape.message, signal }),
  });
}

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
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.locationCustomFields(clientId), saved);
      return queryClient.invalidateQueries({ queryKey: accountKeys.events(clientId) });
    },
  });
}
