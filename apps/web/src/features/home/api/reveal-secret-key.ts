import {
  type RevealedSecretKey,
  type RevealSecretKeyBody,
  revealSecretKeyResponse,
} from '@portico/contracts/virtual-terminals/api-keys';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const revealedSecretKeySchema = revealSecretKeyResponse.shape.message;

// POST /api/user/apikeys/reveal {client_id}: the merchant's secret key in full, asked for on purpose
// (the server audits each answer). Never cached: it lives only in the card that asked for it.
export function revealSecretKey(body: RevealSecretKeyBody): Promise<RevealedSecretKey> {
  return apiRequest('/api/user/apikeys/reveal', { method: 'POST', schema: revealedSecretKeySchema, body });
}

export function useRevealSecretKey() {
  return useMutation({ mutationFn: revealSecretKey });
}
