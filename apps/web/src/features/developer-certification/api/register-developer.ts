import {
  type CertificationRegistrationAnswer,
  type CertificationRegistrationBody,
  certificationRegistrationResponse,
} from '@portico/contracts/developers/certification-registration';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/certregistration: stores the registration and e-mails the test instructions.
export function registerDeveloper(
  body: CertificationRegistrationBody,
): Promise<CertificationRegistrationAnswer> {
  return apiRequest('/api/certregistration', {
    method: 'POST',
    schema: certificationRegistrationResponse.shape.message,
    body,
  });
}

export function useRegisterDeveloper() {
  return useMutation({ mutationFn: registerDeveloper });
}
