import { type SecondFactorStatus, secondFactorStatus } from '@portico/contracts/auth/second-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorKeys } from './keys';

// POST /api/second-factor/disable: removes the authenticator app (asks a current code).
export function postDisable(code: string): Promise<SecondFactorStatus> {
  return apiRequest('/api/second-factor/disable', {
    method: 'POST',
    body: { code },
    schema: secondFactorStatus,
  });
}

export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDisable,
    onSuccess: (status) => queryClient.setQueryData(secondFactorKeys.status(), status),
  });
}
