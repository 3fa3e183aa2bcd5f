import { type PasswordStatus, passwordStatusResponse } from '@portico/contracts/auth/password';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passwordKeys } from './keys';

// GET /api/auth/password: whether the signed-in user has a password, and since when.
export function getPasswordStatus({ signal }: { signal?: AbortSignal } = {}): Promise<PasswordStatus> {
  return apiRequest('/api/auth/password', { schema: passwordStatusResponse.shape.message, signal });
}

export const passwordStatusQuery = () =>
  queryOptions({ queryKey: passwordKeys.status(), queryFn: ({ signal }) => getPasswordStatus({ signal }) });

export function usePasswordStatus() {
  return useQuery(passwordStatusQuery());
}
