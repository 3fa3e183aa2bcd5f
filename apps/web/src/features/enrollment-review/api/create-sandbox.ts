import { createSandboxResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/createsandbox?id={enrollment id}: the certification account and its sandbox key.
export function createSandbox(enrollmentId: string) {
  return apiRequest('/api/createsandbox', {
    method: 'POST',
    schema: createSandboxResponse.shape.message,
    query: { id: enrollmentId },
  });
}

export function useCreateSandbox() {
  return useMutation({ mutationFn: createSandbox });
}
