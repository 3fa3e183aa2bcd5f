import { Anchor, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { portalDefaultPath, portalLoginPath } from '@portico/contracts/access/routes';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { showToast } from '../../../components/toasts';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { passkeyErrorText } from '../../../lib/webauthn/passkey-error-text';
import { useSecondFactorChallenge } from '../api/get-second-factor-challenge';
import { authKeys } from '../api/keys';
import { useAnswerSecondFactorChallenge } from '../api/post-second-factor-challenge';
import { useAnswerWithPasskey } from '../api/post-second-factor-passkey';

export const SecondFactorPageText = {
  Heading: 'Two-step verification',
  CodeIntro: 'Enter the 6-digit code from your authenticator app.',
  CodeLabel: 'Authentication code',
  RecoveryIntro: 'Enter one of the recovery codes you saved when you set up the app. Each code works once.',
  RecoveryLabel: 'Recovery code',
  Verify: 'Verify',
  UseRecoveryCode: 'Use a recovery code instead',
  UseApp: 'Use the authenticator app instead',
  CodeRequired: 'Enter the code.',
  PasskeyIntro: 'Use one of your passkeys: your device asks for your fingerprint, face or PIN.',
  UsePasskey: 'Use a passkey',
  Or: 'or',
  SetUpHeading: 'Set up two-step verification',
  SetUpIntro:
    'Your account must have two-step verification. Set up an authenticator app or add a passkey to finish signing in.',
} as const;

// /second-factor: after the e-mail link, OpenID Connect or password, a user with an authenticator app
// or a passkey proves the second factor here, then lands on Home: with a passkey when they have one,
// with a code from the app (or a recovery code) when they have the app. Without a waiting sign-in the
// page goes to /login.
// renderSetUp: for a user who must have a second factor and has none, the ways to set one up now (the
// app composes them from their features); the first one set up finishes the sign-in.
export type SecondFactorSetUp = (signIn: { email: string; onSignedIn: () => void }) => ReactNode;

export function SecondFactorPage({ renderSetUp }: { renderSetUp?: SecondFactorSetUp } = {}) {
  const challenge = useSecondFactorChallenge();
  const answer = useAnswerSecondFactorChallenge();
  const passkey = useAnswerWithPasskey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isRecovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);

  // Signed in: Home is on its way, and the waiting sign-in the challenge query reads is gone.
  if (challenge.isPending || answer.isSuccess || passkey.isSuccess) return <PageLoader />;
  if (challenge.data === null || challenge.isError) return <Navigate to={portalLoginPath} replace />;
  const { has_authenticator_app: hasApp, has_passkey: hasPasskey } = challenge.data;

  function signedIn() {
    // A new, full session: the user is fetched afresh by the signed-in part of the portal.
    queryClient.removeQueries({ queryKey: authKeys.session() });
    queryClient.setQueryData(authKeys.authenticated(), true);
    void navigate(portalDefaultPath, { replace: true });
  }

  if (challenge.data.must_set_up && renderSetUp) {
    return (
      <Stack gap="md">
        <StepHeading heading={SecondFactorPageText.SetUpHeading} email={challenge.data.email} />
        <Text size="sm">{SecondFactorPageText.SetUpIntro}</Text>
        {renderSetUp({ email: challenge.data.email, onSignedIn: signedIn })}
      </Stack>
    );
  }

  // The waiting sign-in ended (too many tries, its time up): back to the login page with the reason.
  function endedBy(failure: unknown): boolean {
    const isOver =
      failure instanceof ApiError &&
      (failure.code === SecondFactorErrorCode.ChallengeEnded ||
        failure.code === SecondFactorErrorCode.NoChallenge);
    if (isOver) {
      void showToast({ text: failure.message, type: 'danger' });
      void navigate(portalLoginPath, { replace: true });
    }
    return isOver;
  }

  function answerWithPasskey() {
    setPasskeyError(null);
    passkey.mutate(undefined, {
      onSuccess: signedIn,
      onError: (failure) => {
        if (!endedBy(failure)) setPasskeyError(passkeyErrorText(failure, SecondFactorText.CodeNotValid));
      },
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = value.trim();
    if (typed === '') {
      setError(SecondFactorPageText.CodeRequired);
      return;
    }
    setError(null);
    answer.mutate(isRecovery ? { recovery_code: typed } : { code: typed }, {
      onSuccess: signedIn,
      onError: (failure) => {
        if (endedBy(failure)) return;
        setError(apiErrorMessage(failure, SecondFactorText.CodeNotValid));
        setValue('');
      },
    });
  }

  function toggleMode() {
    setRecovery((was) => !was);
    setValue('');
    setError(null);
  }

  return (
    <Stack gap="md">
      <StepHeading heading={SecondFactorPageText.Heading} email={challenge.data.email} />
      {hasPasskey && (
        <Stack gap="xs">
          <Text size="sm">{SecondFactorPageText.PasskeyIntro}</Text>
          <Button
            variant={hasApp ? 'default' : 'filled'}
            loading={passkey.isPending}
            onClick={answerWithPasskey}
            aria-describedby={passkeyError ? 'passkey-error' : undefined}
          >
            {SecondFactorPageText.UsePasskey}
          </Button>
          {passkeyError && (
            <Text id="passkey-error" size="sm" c="red" role="alert">
              {passkeyError}
            </Text>
          )}
        </Stack>
      )}
      {hasPasskey && hasApp && <Divider label={SecondFactorPageText.Or} labelPosition="center" />}
      {hasApp && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {isRecovery ? SecondFactorPageText.RecoveryIntro : SecondFactorPageText.CodeIntro}
            </Text>
            <TextInput
              key={isRecovery ? 'recovery' : 'code'}
              label={isRecovery ? SecondFactorPageText.RecoveryLabel : SecondFactorPageText.CodeLabel}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              autoComplete="one-time-code"
              inputMode={isRecovery ? 'text' : 'numeric'}
              maxLength={isRecovery ? 20 : 7}
              spellCheck={false}
              data-autofocus
              autoFocus
            />
            <Button type="submit" loading={answer.isPending}>
              {SecondFactorPageText.Verify}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={toggleMode}>
              {isRecovery ? SecondFactorPageText.UseApp : SecondFactorPageText.UseRecoveryCode}
            </Anchor>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

// The step's heading and whose sign-in it finishes.
function StepHeading({ heading, email }: { heading: string; email: string }) {
  return (
    <>
      <Title order={1} size="h2">
        {heading}
      </Title>
      <Text size="sm" c="dimmed">
        Signing in as {email}
      </Text>
    </>
  );
}
