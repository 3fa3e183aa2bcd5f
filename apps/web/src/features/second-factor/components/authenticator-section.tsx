import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { useState } from 'react';
import { RecoveryCodesPanel } from '../../../components/recovery-codes-panel';
import { SettingsSection } from '../../../components/settings-section';
import { Spinner } from '../../../components/spinner';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { useSecondFactorStatus } from '../api/get-second-factor-status';
import { useDisableSecondFactor } from '../api/post-disable';
import { useEnrolmentStart } from '../api/post-enrolment-start';
import { useNewRecoveryCodes } from '../api/post-recovery-codes';
import { CodeForm } from './code-form';
import { EnrolmentSteps } from './enrolment-steps';

export const AuthenticatorText = {
  Heading: 'Authenticator app',
  Description: 'A code from an app on your phone, asked after your e-mail link or sign-in provider.',
  Off: 'Off: you sign in without a code.',
  SetUp: 'Set up',
  Disable: 'Disable',
  NewCodes: 'New recovery codes',
  DisableIntro: 'Enter a current code to remove the authenticator app and its recovery codes.',
  NewCodesIntro: 'Enter a current code to replace your recovery codes. The old ones stop working.',
  Disabled: 'The authenticator app was removed.',
  LoadFailed: 'The authenticator settings could not be loaded.',
  TryAgain: 'Try again',
} as const;

type Step = 'idle' | 'enrolling' | 'disabling' | 'renewing' | { codes: string[] };

// The Settings section for the authenticator app: its status in words, set up, disable, new codes.
export function AuthenticatorSection() {
  const { user } = useSignedInSession();
  const { formatDateTime } = useDateTimeFormatters();
  const status = useSecondFactorStatus();
  const start = useEnrolmentStart();
  const disable = useDisableSecondFactor();
  const renew = useNewRecoveryCodes();
  const [step, setStep] = useState<Step>('idle');

  function body() {
    if (status.isPending) return <Spinner label="Loading the authenticator settings" isLabelVisible />;
    if (status.isError) {
      return (
        <Alert color="red" title="Something went wrong">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{AuthenticatorText.LoadFailed}</Text>
            <Button size="xs" variant="default" onClick={() => void status.refetch()}>
              {AuthenticatorText.TryAgain}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (typeof step === 'object') {
      return (
        <RecoveryCodesPanel codes={step.codes} accountEmail={user.email} onDone={() => setStep('idle')} />
      );
    }
    const { is_enabled, enrolled_at, recovery_codes_left } = status.data;
    if (!is_enabled) {
      if (step === 'enrolling') {
        return (
          <EnrolmentSteps
            start={start}
            onConfirmed={(codes) => setStep({ codes })}
            onCancel={() => {
              start.reset();
              setStep('idle');
            }}
          />
        );
      }
      return (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{AuthenticatorText.Off}</Text>
          <Button
            onClick={() => {
              setStep('enrolling');
              start.mutate();
            }}
          >
            {AuthenticatorText.SetUp}
          </Button>
        </Stack>
      );
    }
    const since = enrolled_at === null ? '' : ` since ${formatDateTime(enrolled_at)}`;
    return (
      <Stack gap="sm">
        <Text size="sm">
          On{since}: every sign-in asks a code from the app.{' '}
          {recovery_codes_left === 1
            ? '1 recovery code left.'
            : `${recovery_codes_left} recovery codes left.`}
        </Text>
        {step === 'disabling' && (
          <CodeForm
            intro={AuthenticatorText.DisableIntro}
            submitLabel={AuthenticatorText.Disable}
            isDanger
            isSubmitting={disable.isPending}
            error={disable.isError ? apiErrorMessage(disable.error, SecondFactorText.CodeNotValid) : null}
            onSubmit={(code) =>
              disable.mutate(code, {
                onSuccess: () => {
                  setStep('idle');
                  void showToast({ text: AuthenticatorText.Disabled, type: 'success' });
                },
              })
            }
            onCancel={() => setStep('idle')}
          />
        )}
        {step === 'renewing' && (
          <CodeForm
            intro={AuthenticatorText.NewCodesIntro}
            submitLabel={AuthenticatorText.NewCodes}
            isSubmitting={renew.isPending}
            error={renew.isError ? apiErrorMessage(renew.error, SecondFactorText.CodeNotValid) : null}
            onSubmit={(code) =>
              renew.mutate(code, { onSuccess: (answer) => setStep({ codes: answer.recovery_codes }) })
            }
            onCancel={() => setStep('idle')}
          />
        )}
        {step === 'idle' && (
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => {
                renew.reset();
                setStep('renewing');
              }}
            >
              {AuthenticatorText.NewCodes}
            </Button>
            <Button
              variant="light"
              color="red"
              onClick={() => {
                disable.reset();
                setStep('disabling');
              }}
            >
              {AuthenticatorText.Disable}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <SettingsSection title={AuthenticatorText.Heading} description={AuthenticatorText.Description}>
      {body()}
    </SettingsSection>
  );
}
