import { type SetPasswordBody, setPasswordResponse } from '@portico/contracts/auth/password';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passwordKeys } from './keys';

// POST /api/auth/password: set a first password, or change it with the current one. Other sessions end.
export function postSetPassword(body: SetPasswordBody): Promise<string> {
  return apiRequest('/api/auth/password', {
    method: 'POST',
    body,
    schema: setPasswordResponse.shape.message,
  });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passwordKeys.status() }),
  });
}
