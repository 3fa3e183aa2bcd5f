import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { portalDefaultPath, portalLoginPath, portalSecondFactorPath } from '@portico/contracts/access/routes';
import { PasswordText } from '@portico/contracts/auth/password-rules';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { usePasswordReset } from '../api/post-password-reset';
import { usePasswordResetRequest } from '../api/post-password-reset-request';
import {
  failureText,
  newPasswordFieldError,
  type PasswordFieldError,
  weakPasswordErrorOf,
} from '../utils/password-field.utils';
import { NewPasswordField } from './new-password-field';

// /reset-password: without a code, ask for a link to set a new password ('Forgot password?'); with
// the code from that e-mail, set the new password, which signs the person in.
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('oobCode')?.trim() || null;
  return token ? (
    <SetNewPassword token={token} />
  ) : (
    <AskForResetLink initialEmail={searchParams.get('email') ?? ''} />
  );
}

function BackToLogin() {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={portalLoginPath}>
        Back to login
      </Anchor>
    </Text>
  );
}

function AskForResetLink({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sentText, setSentText] = useState<string | null>(null);
  const request = usePasswordResetRequest();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed === '') {
      setError('Email is required');
      return;
    }
    setError(null);
    request.mutate(
      { email: trimmed },
      {
        onSuccess: (message) => {
          setSentText(message);
          void showToast({ text: message, type: 'success' });
        },
        onError: (failure) => {
          const text = failureText(failure);
          setError(text);
          void showToast({ text, type: 'danger' });
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4} align="center">
        <Title order={1} size="h2" ta="center">
          Forgot password?
        </Title>
        <Text c="dimmed" ta="center" size="sm">
          Enter your email address and we will send you a link to set a new password.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" loading={request.isPending} fullWidth>
            Send reset link
          </Button>
          {sentText && (
            <Alert color="green" role="status">
              {sentText}
            </Alert>
          )}
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}

function SetNewPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [isTouched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<PasswordFieldError>(null);
  const [isLinkInvalid, setLinkInvalid] = useState(false);
  const reset = usePasswordReset();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const fieldError = serverError ?? newPasswordFieldError(password, { email: '', isTouched });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (newPasswordFieldError(password, { email: '', isTouched: true }) !== null) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: (result) => {
          void showToast({ text: PasswordText.PasswordSet, type: 'success' });
          // A new session: everything cached belongs to the browser's previous state.
          queryClient.clear();
          // The reset proves the address, not the second factor: its code comes next when there is one.
          if (result.second_factor_required === true) {
            void navigate(portalSecondFactorPath, { replace: true });
            return;
          }
          const opensPortal = result.clientid !== null || result.utype === 'admin';
          void navigate(opensPortal ? portalDefaultPath : portalLoginPath, { replace: true });
        },
        onError: (failure) => {
          const weak = weakPasswordErrorOf(failure);
          if (weak) {
            setServerError(weak);
            return;
          }
          if (failure instanceof ApiError && failure.code === 'RESET_LINK_NOT_VALID') {
            setLinkInvalid(true);
            return;
          }
          void showToast({ text: failureText(failure), type: 'danger' });
        },
      },
    );
  }

  if (isLinkInvalid) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2" ta="center">
          Set a new password
        </Title>
        <Alert color="red" title="This link cannot be used">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{PasswordText.ResetLinkNotValid}</Text>
            <Button component={Link} to="/reset-password" size="xs" variant="default">
              Ask for a new link
            </Button>
          </Stack>
        </Alert>
        <BackToLogin />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4} align="center">
        <Title order={1} size="h2" ta="center">
          Set a new password
        </Title>
        <Text c="dimmed" ta="center" size="sm">
          Saving it signs you in here and out everywhere else.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NewPasswordField
            label="New password"
            value={password}
            error={fieldError}
            onChange={(value) => {
              setPassword(value);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            Save password
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
