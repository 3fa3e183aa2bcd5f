import { type CtaApplication, ctaAgreeResponse } from '@portico/contracts/enrollment/click-to-agree';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clickToAgreeKeys } from './keys';

// POST /api/public/enroll/{id}/agree?token=: the completed application and the agreement.
export function agreeToApplication(enrollmentId: string, token: string, application: CtaApplication) {
  return apiRequest(`/api/public/enroll/${encodeURIComponent(enrollmentId)}/agree`, {
    method: 'POST',
    schema: ctaAgreeResponse.shape.message,
    query: { token },
    body: application,
  });
}

export function useAgreeToApplication(enrollmentId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: CtaApplication) => agreeToApplication(enrollmentId, token, application),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: clickToAgreeKeys.application(enrollmentId, token) }),
  });
}
