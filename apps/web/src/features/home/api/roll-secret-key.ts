import {
  type RolledSecretKey,
  type RollSecretKeyBody,
  rollSecretKeyResponse,
} from '@portico/contracts/virtual-terminals/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { homeKeys } from './keys';

const rolledSecretKeySchema = rollSecretKeyResponse.shape.message;

// POST /api/user/apikeys/roll {client_id, grace_days}: the new secret key, answered only here.
export function rollSecretKey(body: RollSecretKeyBody): Promise<RolledSecretKey> {
  return apiRequest('/api/user/apikeys/roll', { method: 'POST', schema: rolledSecretKeySchema, body });
}

export function useRollSecretKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollSecretKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...homeKeys.all, 'api-keys'] }),
  });
}
