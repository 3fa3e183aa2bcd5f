import { certificationResponse } from '@portico/contracts/dashboard/certification';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// GET /api/certification (spec 3 §7): the caller's own client's progress, or the viewed client's.
export function useCertificationProgress() {
  return useQuery({
    queryKey: ['developer-certification', 'progress'],
    queryFn: ({ signal }) =>
      apiRequest('/api/certification', { schema: certificationResponse.shape.message, signal }),
    // The page follows the sandbox charges and refunds as they are made.
    refetchInterval: 10_000,
  });
}
