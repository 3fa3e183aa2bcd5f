import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stringParser } from '../../../lib/response-parsers';

export type LoginLinkRequest = { email: string };

// POST /firebase: e-mails a single-use login link. The answer is the same for unknown addresses and
// never carries the link. Parsed by hand: the login page loads without zod.
export function postLoginLink(request: LoginLinkRequest): Promise<string> {
  return apiRequest('/firebase', { method: 'POST', body: { email: request.email }, schema: stringParser });
}

export function useLoginLinkRequest() {
  return useMutation({ mutationFn: postLoginLink });
}
