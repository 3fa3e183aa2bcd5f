import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RecoveryCodesPanel } from '../../../components/recovery-codes-panel';
import { passkeyErrorText } from '../../../lib/webauthn/passkey-error-text';
import { useAddPasskey } from '../api/passkeys';
import { PasskeysText } from './passkeys-section';

export const PasskeySetUpText = {
  Start: 'Add a passkey',
  // The name the first passkey gets; it can be renamed in Settings.
  DefaultName: 'Passkey added at sign-in',
} as const;

// A sign-in that waits for the user's first second factor: a passkey on this device; its registration
// finishes the sign-in, and the recovery codes that come with it are shown once before the portal opens.
export function PasskeySetUpAtSignIn({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const add = useAddPasskey();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes !== null) return <RecoveryCodesPanel codes={codes} accountEmail={email} onDone={onSignedIn} />;
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        w="fit-content"
        loading={add.isPending}
        onClick={() =>
          add.mutate(PasskeySetUpText.DefaultName, {
            onSuccess: (answer) => {
              if (answer.recovery_codes === null) onSignedIn();
              else setCodes(answer.recovery_codes);
            },
          })
        }
      >
        {PasskeySetUpText.Start}
      </Button>
      {add.isError && (
        <Text size="sm" c="red.8" role="alert">
          {passkeyErrorText(add.error, PasskeysText.Failed)}
        </Text>
      )}
    </Stack>
  );
}
