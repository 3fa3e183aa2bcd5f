import { Stack, Text, Title } from '@mantine/core';
import { PasskeysSection } from '../../features/passkeys/components/passkeys-section';
import { PasswordSection } from '../../features/password/components/password-section';
import { AuthenticatorSection } from '../../features/second-factor/components/authenticator-section';
import { OwnSessionsSection } from '../../features/sessions/components/own-sessions-section';

// /settings: the signed-in user's own sign-in and security, one section per part, each owned by its
// feature. The time zone stays in the sidebar's user settings.
export function SettingsPage() {
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed">How you sign in to Portico and where you are signed in.</Text>
      </div>
      <PasswordSection />
      <AuthenticatorSection />
      <PasskeysSection />
      <OwnSessionsSection />
    </Stack>
  );
}
