import {
  type WhiteLabel,
  type WhiteLabelBody,
  type WhiteLabelLogoBody,
  whiteLabelResponse,
} from '@portico/contracts/branding/whitelabel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandingKeys } from './keys';

const schema = whiteLabelResponse.shape.message;

// PUT /api/whitelabel/{clientid}: brand name and accent colour.
export function putWhiteLabel(clientId: string, body: WhiteLabelBody) {
  return apiRequest(`/api/whitelabel/${clientId}`, { method: 'PUT', body, schema });
}

// POST /api/whitelabel/{clientid}/logo: PNG or JPEG, 1 MB at most.
export function postWhiteLabelLogo(clientId: string, body: WhiteLabelLogoBody) {
  return apiRequest(`/api/whitelabel/${clientId}/logo`, { method: 'POST', body, schema });
}

export function deleteWhiteLabelLogo(clientId: string) {
  return apiRequest(`/api/whitelabel/${clientId}/logo`, { method: 'DELETE', schema });
}

export function deleteWhiteLabel(clientId: string) {
  return apiRequest(`/api/whitelabel/${clientId}`, { method: 'DELETE', schema });
}

// Each change answers the white label as it now stands; the cache takes it as is.
function useWhiteLabelChange<T>(clientId: string, change: (input: T) => Promise<WhiteLabel | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (whiteLabel) => queryClient.setQueryData(brandingKeys.whiteLabel(clientId), whiteLabel),
  });
}

export function useSaveWhiteLabel(clientId: string) {
  return useWhiteLabelChange(clientId, (body: WhiteLabelBody) => putWhiteLabel(clientId, body));
}

export function useUploadWhiteLabelLogo(clientId: string) {
  return useWhiteLabelChange(clientId, (body: WhiteLabelLogoBody) => postWhiteLabelLogo(clientId, body));
}

export function useRemoveWhiteLabelLogo(clientId: string) {
  return useWhiteLabelChange(clientId, () => deleteWhiteLabelLogo(clientId));
}

export function useRemoveWhiteLabel(clientId: string) {
  return useWhiteLabelChange(clientId, () => deleteWhiteLabel(clientId));
}
