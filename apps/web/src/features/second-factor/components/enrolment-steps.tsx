import { Code, Image, Stack, Text } from '@mantine/core';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { groupedSecret } from '@portico/contracts/auth/totp';
import { Spinner } from '../../../components/spinner';
import { apiErrorMessage } from '../../../lib/api-client';
import { useEnrolmentConfirm } from '../api/post-enrolment-confirm';
import type { useEnrolmentStart } from '../api/post-enrolment-start';
import { CodeForm } from './code-form';

export const EnrolmentText = {
  ScanIntro:
    '1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).',
  QrAlt: 'QR code to add Portico to your authenticator app',
  ManualIntro: 'Cannot scan it? Enter this key in the app instead (time-based, 6 digits):',
  SecretLabel: 'Key for manual entry',
  ConfirmIntro: '2. Enter the 6-digit code the app shows to turn it on.',
  TurnOn: 'Turn on',
  NotStarted: 'The set-up could not start.',
} as const;

// Setting up: the secret as a QR code and as text, then a code from the app. The started set-up is
// the mutation's answer: shown once, never cached or fetched again.
export function EnrolmentSteps({
  start,
  onConfirmed,
  onCancel,
}: {
  start: ReturnType<typeof useEnrolmentStart>;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useEnrolmentConfirm();

  if (start.isPending) return <Spinner label="Starting the set-up" isLabelVisible />;
  if (start.isError || !start.data) {
    return (
      <Text size="sm" c="red" role="alert">
        {apiErrorMessage(start.error, EnrolmentText.NotStarted)}
      </Text>
    );
  }
  const { secret, qr_code } = start.data;
  return (
    <Stack gap="sm">
      <Text size="sm">{EnrolmentText.ScanIntro}</Text>
      <Image src={qr_code} alt={EnrolmentText.QrAlt} w={200} h={200} fit="contain" />
      <Text size="sm">{EnrolmentText.ManualIntro}</Text>
      <Code fz="md" aria-label={EnrolmentText.SecretLabel} data-testid="second-factor-secret" w="fit-content">
        {groupedSecret(secret)}
      </Code>
      <CodeForm
        intro={EnrolmentText.ConfirmIntro}
        submitLabel={EnrolmentText.TurnOn}
        isSubmitting={confirm.isPending}
        error={confirm.isError ? apiErrorMessage(confirm.error, SecondFactorText.CodeNotValid) : null}
        onSubmit={(code) =>
          confirm.mutate(code, { onSuccess: (answer) => onConfirmed(answer.recovery_codes) })
        }
        onCancel={onCancel}
      />
    </Stack>
  );
}
