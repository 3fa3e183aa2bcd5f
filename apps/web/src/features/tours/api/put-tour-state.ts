import { type TourStateBody, tourStateResponse } from '@portico/contracts/tours/tours';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// PUT /api/user/tour: the tour finished or dismissed (seen), so it never opens by itself again.
export function putTourState(body: TourStateBody) {
  return apiRequest('/api/user/tour', { method: 'PUT', body, schema: tourStateResponse.shape.message });
}

export function usePutTourState() {
  return useMutation({ mutationFn: putTourState });
}
