import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isRecord, parserOf, readArrayOf, readStringField } from '../../../lib/response-parsers';
import { authKeys } from './keys';

export const socialProviderIds = ['google', 'microsoft'] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];

export type SocialProvider = { id: SocialProviderId; name: string; startUrl: string };

export function isSocialProviderId(value: unknown): value is SocialProviderId {
  return socialProviderIds.some((id) => id === value);
}

// Mirrors socialProvidersResponse of contracts/auth/social-sign-in (a test keeps them in step); by
// hand so the login page loads without zod.
export function readSocialProvider(value: unknown): SocialProvider | undefined {
  if (!isRecord(value) || !isSocialProviderId(value.id)) return undefined;
  const name = readStringField(value, 'name');
  const startUrl = readStringField(value, 'start_url');
  if (name === undefined || startUrl === undefined) return undefined;
  return { id: value.id, name, startUrl };
}

const socialProvidersParser = parserOf((value) => readArrayOf(value, readSocialProvider));

// GET /api/auth/providers: the social sign-in providers configured on the server.
export function getSocialProviders({ signal }: { signal?: AbortSignal } = {}): Promise<SocialProvider[]> {
  return apiRequest('/api/auth/providers', { schema: socialProvidersParser, signal });
}

export function socialProvidersQueryOptions() {
  return queryOptions({
    queryKey: authKeys.socialProviders(),
    queryFn: ({ signal }) => getSocialProviders({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions());
}
