import { mimicLinkResponse } from '@portico/contracts/access/mimic';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/loginlink {email}: the message is the mimic link.
export function postMimicLink(request: { email: string }): Promise<string> {
  return apiRequest('/api/loginlink', {
    method: 'POST',
    body: { email: request.email },
    schema: mimicLinkResponse.shape.message,
  });
}

export function useCreateMimicLink() {
  return useMutation({ mutationFn: postMimicLink });
}
