import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useResetSecondFactor } from '../api/post-reset-second-factor';

export const ResetSecondFactorText = {
  Button: 'Reset 2-step',
  Title: 'Reset two-step verification',
  Confirm: 'Reset',
  Keep: 'Keep',
  Done: 'The second step was removed. The user was told by e-mail.',
  Failed: 'The second step could not be removed.',
} as const;

type Person = { id: string; name: string; email: string };

// Staff remove a user's authenticator app and passkeys (a lost phone): asked once more, then the user signs in with
// the first factor alone until they set one up again, and is told by e-mail.
export function ResetSecondFactorAction({ user, onReset }: { user: Person; onReset?: () => void }) {
  const [isOpen, setOpen] = useState(false);
  const reset = useResetSecondFactor();

  function confirm() {
    reset.mutate(user.id, {
      onSuccess: () => {
        setOpen(false);
        onReset?.();
        void showToast({ text: ResetSecondFactorText.Done, type: 'success' });
      },
      onError: (error) => {
        setOpen(false);
        void showToast({ text: apiErrorMessage(error, ResetSecondFactorText.Failed), type: 'danger' });
      },
    });
  }

  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        aria-label={`Reset two-step verification of ${user.name}`}
        onClick={() => setOpen(true)}
      >
        {ResetSecondFactorText.Button}
      </Button>
      <Modal isOpen={isOpen} title={ResetSecondFactorText.Title} onClose={() => setOpen(false)}>
        <Stack gap="md">
          <Text size="sm">
            Remove the authenticator app, recovery codes and passkeys of {user.name} ({user.email})? They will
            sign in without a second step until they set one up again.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)}>
              {ResetSecondFactorText.Keep}
            </Button>
            <Button color="red" loading={reset.isPending} onClick={confirm}>
              {ResetSecondFactorText.Confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
