import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { portalDefaultPath } from '@portico/contracts/access/routes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../../components/toasts';
import { authKeys } from '../api/keys';
import { useLoginLinkRequest } from '../api/post-login-link';
import { usePasswordSignIn } from '../api/post-password-sign-in';
import {
  errorTextForSignIn,
  SignInErrorText,
  SignInToastText,
  signInFailureOf,
} from '../utils/sign-in-errors.utils';
import { destinationAfterLinkSignIn } from '../utils/sso.utils';

// The e-mail box with Send Login Link, and the password with 'Sign in with password' and 'Forgot
// password?'. Plain state rather than react-hook-form and zod: the login page must stay within its
// first-load budget.
export function LoginEmailForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const loginLink = useSendLoginLink();
  const passwordSignIn = useSignInWithPassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    loginLink.send(email, setError);
  }

  function signInWithPassword() {
    passwordSignIn.signIn(email, password, { onEmailError: setError, onPasswordError: setPasswordError });
  }

  // Enter in the password box signs in with the password, not with a link.
  function onPasswordKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    signInWithPassword();
  }

  const forgotPasswordTarget =
    email.trim() === ''
      ? '/reset-password'
      : `/reset-password?${new URLSearchParams({ email: email.trim() })}`;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" loading={loginLink.isSending} fullWidth>
          Send Login Link
        </Button>
        <Divider label="or use your password" labelPosition="center" />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setPasswordError(null);
          }}
          onKeyDown={onPasswordKeyDown}
          error={passwordError}
        />
        <Group justify="flex-end" mt={-4}>
          <Anchor component={Link} to={forgotPasswordTarget} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button
          type="button"
          variant="light"
          loading={passwordSignIn.isSigningIn}
          onClick={signInWithPassword}
          fullWidth
        >
          Sign in with password
        </Button>
      </Stack>
    </form>
  );
}

type PasswordErrorTargets = {
  onEmailError: (text: string | null) => void;
  onPasswordError: (text: string | null) => void;
};

// POST /api/auth/password/sign-in, then on to Home as after a link sign-in. A wrong combination shows
// under the password; an address not proved yet is a danger toast, as the product has it.
function useSignInWithPassword() {
  const request = usePasswordSignIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function signIn(rawEmail: string, password: string, targets: PasswordErrorTargets) {
    const email = rawEmail.trim();
    targets.onEmailError(email === '' ? SignInErrorText.EmailRequired : null);
    targets.onPasswordError(password === '' ? SignInErrorText.PasswordRequired : null);
    if (email === '' || password === '') return;
    request.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          if (destinationAfterLinkSignIn(result) === 'not-recognized') {
            void showToast({ text: SignInToastText.NotRecognized, type: 'danger' });
            return;
          }
          queryClient.removeQueries({ queryKey: authKeys.session() });
          queryClient.setQueryData(authKeys.authenticated(), true);
          void navigate(portalDefaultPath, { replace: true });
        },
        onError: (failure) => {
          const signInFailure = signInFailureOf(failure);
          const text = errorTextForSignIn(signInFailure);
          if (signInFailure.code === 'EMAIL_REQUIRED' || signInFailure.code === 'EMAIL_NOT_VALID')
            targets.onEmailError(text);
          else if (signInFailure.code !== 'EMAIL_NOT_VERIFIED') targets.onPasswordError(text);
          void showToast({ text, type: 'danger' });
        },
      },
    );
  }

  return { signIn, isSigningIn: request.isPending };
}

// POST /firebase with the product's toasts; shared by the form and the e-mail entry modal.
export function useSendLoginLink() {
  const request = useLoginLinkRequest();

  function send(rawEmail: string, onError: (text: string | null) => void, onSent?: () => void) {
    const email = rawEmail.trim();
    if (email === '') {
      onError(SignInErrorText.EmailRequired);
      void showToast({ text: SignInErrorText.EmailRequired, type: 'danger' });
      return;
    }
    onError(null);
    request.mutate(
      { email },
      {
        onSuccess: (message) => {
          void showToast({ text: message, type: 'success' });
          onSent?.();
        },
        onError: (failure) => {
          const text = errorTextForSignIn(signInFailureOf(failure));
          onError(text);
          void showToast({ text, type: 'danger' });
        },
      },
    );
  }

  return { send, isSending: request.isPending };
}
