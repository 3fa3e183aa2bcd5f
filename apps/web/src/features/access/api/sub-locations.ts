import {
  deleteSubLocationResponse,
  midOverrideOptionsResponse,
  subLocationResponse,
  type UpdateSubLocationBody,
} from '@portico/contracts/access/sub-locations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// The calls of /sublocations (the list is GET …/sub-entities).
const merchantPath = (merchantId: string) => `/api/rbac/${encodeURIComponent(merchantId)}`;

export function getMidOverrideOptions(merchantId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`${merchantPath(merchantId)}/mid-overrides`, {
    schema: midOverrideOptionsResponse.shape.message,
    signal,
  });
}

export function useMidOverrideOptions(merchantId: string) {
  return useQuery({
    queryKey: accessKeys.midOverrides(merchantId),
    queryFn: ({ signal }) => getMidOverrideOptions(merchantId, { signal }),
  });
}

export function createSubLocation(input: { merchantId: string; name: string }) {
  return apiRequest(`${merchantPath(input.merchantId)}/sub-entities`, {
    method: 'POST',
    body: { name: input.name },
    schema: subLocationResponse.shape.message,
  });
}

export function updateSubLocation(input: { merchantId: string; id: string; body: UpdateSubLocationBody }) {
  return apiRequest(`${merchantPath(input.merchantId)}/sub-entities/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    body: input.body,
    schema: subLocationResponse.shape.message,
  });
}

export function deleteSubLocation(input: { merchantId: string; id: string }) {
  return apiRequest(`${merchantPath(input.merchantId)}/sub-entities/${encodeURIComponent(input.id)}`, {
    method: 'DELETE',
    schema: deleteSubLocationResponse.shape.message,
  });
}

// Every change refreshes that merchant's locations (the users page lists them too).
function useSubLocationMutation<Input extends { merchantId: string }, Output>(
  fn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({ queryKey: accessKeys.subEntities(input.merchantId) }),
  });
}

export const useCreateSubLocation = () => useSubLocationMutation(createSubLocation);
export const useUpdateSubLocation = () => useSubLocationMutation(updateSubLocation);
export const useDeleteSubLocation = () => useSubLocationMutation(deleteSubLocation);
