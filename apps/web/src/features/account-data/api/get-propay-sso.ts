import { proPaySsoResponse } from '@portico/contracts/processor-enablement/processor-enablement';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// GET /api/sso/propay?client_id: a fresh signed-in link each time the portal is opened.
export function getProPaySso(clientId: string) {
  return apiRequest('/api/sso/propay', {
    schema: proPaySsoResponse.shape.message,
    query: { client_id: clientId },
  });
}

export function useProPaySso(clientId: string) {
  return useMutation({ mutationFn: () => getProPaySso(clientId) });
}
