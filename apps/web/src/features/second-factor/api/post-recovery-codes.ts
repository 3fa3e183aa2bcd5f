import { type RecoveryCodesAnswer, recoveryCodesAnswer } from '@portico/contracts/auth/second-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorKeys } from './keys';

// POST /api/second-factor/recovery-codes: new recovery codes (asks a current code), shown once.
export function postRecoveryCodes(code: string): Promise<RecoveryCodesAnswer> {
  return apiRequest('/api/second-factor/recovery-codes', {
    method: 'POST',
    body: { code },
    schema: recoveryCodesAnswer,
  });
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.status() }),
  });
}
