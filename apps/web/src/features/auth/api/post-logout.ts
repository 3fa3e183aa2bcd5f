import { apiRequest } from '../../../lib/api-client';
import { parserOf } from '../../../lib/response-parsers';

const loggedOutParser = parserOf((value) => (value === true ? value : undefined));

// POST /logout: revokes the session and clears its cookie; idempotent. Called by useLogout, which
// also clears the portal's own state, so there is no hook here.
export function postLogout(): Promise<true> {
  return apiRequest('/logout', { method: 'POST', schema: loggedOutParser });
}
