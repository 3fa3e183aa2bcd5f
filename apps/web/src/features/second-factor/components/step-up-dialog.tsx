import { Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import type { ChallengeBody } from '@portico/contracts/auth/second-factor';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { registerStepUpPrompt } from '../../../lib/auth/step-up';
import { passkeyErrorText } from '../../../lib/webauthn/passkey-error-text';
import { useStepUp, useStepUpWithPasskey } from '../api/post-step-up';

// Six digits are a code from the app; anything else typed is read as a recovery code.
export function stepUpBodyOf(typed: string): ChallengeBody {
  const compact = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(compact) ? { code: compact } : { recovery_code: typed.trim() };
}

// 'Confirm it is you': shown when the server refused a sensitive action (revealing a secret, key
// entry, mimic, a payout bank account, granting a role) because the second factor was proved more
// than a quarter of an hour ago. A code, a recovery code or a passkey proves it; the action is then
// sent again by the API client. Cancel leaves the action undone and says so.
export function StepUpDialog() {
  const [isOpen, setOpen] = useState(false);
  const settle = useRef<((proved: boolean) => void) | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const stepUp = useStepUp();
  const passkey = useStepUpWithPasskey();

  useEffect(() => {
    registerStepUpPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setOpen(true);
        }),
    );
    return () => registerStepUpPrompt(null);
  }, []);

  function finish(proved: boolean) {
    settle.current?.(proved);
    settle.current = null;
    setOpen(false);
    if (!proved) void showToast({ text: SecondFactorText.StepUpCancelled, type: 'warning' });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() === '') {
      setError(SecondFactorText.CodeNotValid);
      return;
    }
    setError(null);
    stepUp.mutate(stepUpBodyOf(typed), {
      onSuccess: () => finish(true),
      onError: (failure) => {
        setError(apiErrorMessage(failure, SecondFactorText.CodeNotValid));
        setTyped('');
      },
    });
  }

  function usePasskey() {
    setPasskeyError(null);
    passkey.mutate(undefined, {
      onSuccess: () => finish(true),
      onError: (failure) => setPasskeyError(passkeyErrorText(failure, SecondFactorText.CodeNotValid)),
    });
  }

  return (
    <Modal
      isOpen={isOpen}
      title={SecondFactorText.StepUpTitle}
      onClose={() => finish(false)}
      onHidden={() => {
        setTyped('');
        setError(null);
        setPasskeyError(null);
        stepUp.reset();
        passkey.reset();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{SecondFactorText.StepUpRequired}</Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={SecondFactorText.StepUpCodeLabel}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={error}
              autoComplete="one-time-code"
              maxLength={20}
              spellCheck={false}
              data-autofocus
            />
            <Button type="submit" loading={stepUp.isPending}>
              {SecondFactorText.StepUpConfirm}
            </Button>
          </Stack>
        </form>
        <Divider label="or" labelPosition="center" />
        <Button variant="default" loading={passkey.isPending} onClick={usePasskey}>
          {SecondFactorText.StepUpUsePasskey}
        </Button>
        {passkeyError && (
          <Text size="sm" c="red.8" role="alert">
            {passkeyError}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
