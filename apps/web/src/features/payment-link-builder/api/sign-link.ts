import { signLinkResponse } from '@portico/contracts/payment-links/payment-links';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/payment-links/sign (bearer: the secret API key typed into the builder): the signed frame
// path of the link's params.
export function signLink(secretKey: string, params: string) {
  return apiRequest('/api/payment-links/sign', {
    method: 'POST',
    body: { params },
    headers: { Authorization: `Bearer ${secretKey}` },
    schema: signLinkResponse.shape.message,
  });
}

export function useSignLink() {
  return useMutation({
    mutationFn: ({ secretKey, params }: { secretKey: string; params: string }) => signLink(secretKey, params),
  });
}
