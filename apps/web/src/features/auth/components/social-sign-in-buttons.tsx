import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { type SocialProviderId, useSocialProviders } from '../api/get-social-providers';

const providerIcons: Record<SocialProviderId, typeof IconBrandGoogle> = {
  google: IconBrandGoogle,
  microsoft: IconBrandWindows,
};

// One button per configured social provider. Each is a plain link: the server's start
// url redirects to the provider and back, so the sign-in is a full-page round trip.
export function SocialSignInButtons() {
  const providers = useSocialProviders();

  if (providers.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading sign-in options">
        <Skeleton h={36} radius="md" />
      </Stack>
    );
  }
  if (providers.isError) {
    return (
      <Text size="sm" c="dimmed" ta="center">
        Social sign-in is unavailable right now. Use a login link instead.
      </Text>
    );
  }
  if (providers.data.length === 0) return null;

  return (
    <Stack gap="xs">
      {providers.data.map((provider) => {
        const ProviderIcon = providerIcons[provider.id];
        return (
          <Button
            key={provider.id}
            component="a"
            href={provider.startUrl}
            variant="default"
            fullWidth
            leftSection={<ProviderIcon size={18} aria-hidden />}
          >
            {`Sign in with ${provider.name}`}
          </Button>
        );
      })}
    </Stack>
  );
}
