import { certificationResponse } from '@portico/contracts/dashboard/certification';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// GET /api/certification: the caller's own client's progress, or the viewed client's;
// with a client id (the account data page's Certification panel), that client's.
export function useCertificationProgress(clientId?: string) {
  return useQuery({
    queryKey: ['developer-certification', 'progress', clientId ?? 'own'],
    queryFn: ({ signal }) =>
      apiRequest('/api/certification', {
        schema: certificationResponse.shape.message,
        signal,
        ...(clientId ? { query: { id: clientId } } : {}),
      }),
    // The page follows the sandbox charges and refunds as they are made.
    refetchInterval: 10_000,
  });
}
