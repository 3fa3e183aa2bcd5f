import { linkContinueResponse } from '@portico/contracts/auth/social-sign-in';
import { apiRequest } from '../../../lib/api-client';

const linkedProviderSchema = linkContinueResponse.shape.message;

// POST /api/auth/link/continue: links the social account waiting in this browser (a server cookie)
// to the user who just signed in. Called once by usePendingLinkContinuation.
export function postLinkContinue() {
  return apiRequest('/api/auth/link/continue', { method: 'POST', schema: linkedProviderSchema });
}
