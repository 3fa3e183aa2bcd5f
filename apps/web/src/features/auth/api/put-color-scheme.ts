import type { SessionUser } from '@portico/contracts/access/session-user';
import { type ColorSchemePreference, colorSchemeResponse } from '@portico/contracts/auth/color-scheme';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

// PUT /api/user/color-scheme: keeps the user's look for every device they sign in on.
export async function putColorScheme(colorScheme: ColorSchemePreference): Promise<ColorSchemePreference> {
  const saved = await apiRequest('/api/user/color-scheme', {
    method: 'PUT',
    body: { color_scheme: colorScheme },
    schema: colorSchemeResponse.shape.message,
  });
  return saved.color_scheme;
}

export function useSaveColorScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putColorScheme,
    onSuccess: (saved) =>
      queryClient.setQueryData<SessionUser | null>(authKeys.sessionUser(), (user) =>
        user ? { ...user, color_scheme: saved } : user,
      ),
  });
}
