import { accountRevealResponse } from '@portico/contracts/clients/account-detail';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/account/{clientid}/reveal: one sensitive value in clear (audited on the server).
export function revealAccountField(clientId: string, field: string) {
  return apiRequest(`/api/account/${clientId}/reveal`, {
    method: 'POST',
    schema: accountRevealResponse.shape.message,
    body: { field },
  });
}

export function useRevealAccountField(clientId: string) {
  return useMutation({ mutationFn: (field: string) => revealAccountField(clientId, field) });
}
