import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { PasswordText } from '@portico/contracts/auth/password-rules';
import { type FormEvent, useState } from 'react';
import { SettingsSection } from '../../../components/settings-section';
import { Spinner } from '../../../components/spinner';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { usePasswordStatus } from '../api/password-status';
import { useSetPassword } from '../api/post-set-password';
import {
  failureText,
  newPasswordFieldError,
  type PasswordFieldError,
  weakPasswordErrorOf,
} from '../utils/password-field.utils';
import { NewPasswordField } from './new-password-field';

const currentPasswordCodes = new Set(['CURRENT_PASSWORD_REQUIRED', 'CURRENT_PASSWORD_NOT_VALID']);

// The Settings page's Password: set a first one (for signing in with e-mail and password beside the
// login link), or change it with the current one. Saving signs out every other session.
export function PasswordSection() {
  const status = usePasswordStatus();
  return (
    <SettingsSection
      title="Password"
      description="Sign in with your email and a password, as well as with a login link."
    >
      {status.isPending ? (
        <Spinner label="Loading password" isLabelVisible />
      ) : status.isError ? (
        <Alert color="red" title="Something went wrong">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Your password settings could not be loaded.</Text>
            <Button size="xs" variant="default" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <PasswordForm hasPassword={status.data.has_password} setAt={status.data.set_at} />
      )}
    </SettingsSection>
  );
}

function PasswordForm({ hasPassword, setAt }: { hasPassword: boolean; setAt: string | null }) {
  const { user } = useSignedInSession();
  const { formatDateTime } = useDateTimeFormatters();
  const save = useSetPassword();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [isTouched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<PasswordFieldError>(null);
  const fieldError = serverError ?? newPasswordFieldError(password, { email: user.email, isTouched });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    const isCurrentMissing = hasPassword && current === '';
    setCurrentError(isCurrentMissing ? PasswordText.CurrentPasswordRequired : null);
    if (isCurrentMissing || newPasswordFieldError(password, { email: user.email, isTouched: true }) !== null)
      return;
    save.mutate(
      { ...(hasPassword ? { current_password: current } : {}), new_password: password },
      {
        onSuccess: (message) => {
          setCurrent('');
          setPassword('');
          setTouched(false);
          void showToast({ text: message, type: 'success' });
        },
        onError: (failure) => {
          const weak = weakPasswordErrorOf(failure);
          if (weak) {
            setServerError(weak);
            return;
          }
          if (failure instanceof ApiError && currentPasswordCodes.has(failure.code)) {
            setCurrentError(failure.message);
            return;
          }
          void showToast({ text: failureText(failure), type: 'danger' });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm">
          {hasPassword && setAt
            ? `Your password was set on ${formatDateTime(setAt)}.`
            : 'You have no password yet: you sign in with a login link or a provider.'}
        </Text>
        {hasPassword && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => {
              setCurrent(event.currentTarget.value);
              setCurrentError(null);
            }}
            error={currentError}
          />
        )}
        <NewPasswordField
          label={hasPassword ? 'New password' : 'Password'}
          value={password}
          error={fieldError}
          onChange={(value) => {
            setPassword(value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {hasPassword ? 'Change password' : 'Set password'}
          </Button>
          <Text size="xs" c="dimmed">
            Saving signs you out everywhere else.
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
