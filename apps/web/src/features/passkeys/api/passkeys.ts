import {
  type PasskeyRegistered,
  passkeyItem,
  passkeyList,
  passkeyRegistered,
  passkeyRemoved,
} from '@portico/contracts/auth/passkeys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passkeyKeys } from './keys';

// GET /api/passkeys: the caller's passkeys.
export function usePasskeys() {
  return useQuery({
    queryKey: passkeyKeys.list(),
    queryFn: ({ signal }) => apiRequest('/api/passkeys', { schema: passkeyList, signal }),
  });
}

// Options, the browser's prompt, then POST /api/passkeys/registration with the name given. A first
// second factor answers its recovery codes too (shown once).
export async function addPasskey(name: string): Promise<PasskeyRegistered> {
  const { createPasskeyCredential } = await import('../../../lib/webauthn/passkey-ceremony');
  const response = await createPasskeyCredential('/api/passkeys/registration/options');
  return apiRequest('/api/passkeys/registration', {
    method: 'POST',
    body: { name, response },
    schema: passkeyRegistered,
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest(`/api/passkeys/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { name },
        schema: passkeyItem,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/passkeys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: passkeyRemoved,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}
