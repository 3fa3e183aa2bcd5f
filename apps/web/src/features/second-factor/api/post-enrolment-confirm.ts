import { type RecoveryCodesAnswer, recoveryCodesAnswer } from '@portico/contracts/auth/second-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorKeys } from './keys';

// POST /api/second-factor/enrolment/confirm: a code from the app turns it on; answers the recovery codes.
export function postEnrolmentConfirm(code: string): Promise<RecoveryCodesAnswer> {
  return apiRequest('/api/second-factor/enrolment/confirm', {
    method: 'POST',
    body: { code },
    schema: recoveryCodesAnswer,
  });
}

export function useEnrolmentConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postEnrolmentConfirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.status() }),
  });
}
