import { type LogoUploadBody, logoUploadResponse } from '@portico/contracts/clients/account-detail';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

// POST /api/logo {client_id, document:{name, extension, content base64}}.
export function uploadLogo(body: LogoUploadBody) {
  return apiRequest('/api/logo', { method: 'POST', schema: logoUploadResponse.shape.message, body });
}

export function useUploadLogo(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.detail(clientId) }),
  });
}
