import { Anchor, Button, Divider, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../../components/toasts';
import { useLoginLinkRequest } from '../api/post-login-link';
import { errorTextForSignIn, SignInErrorText, signInFailureOf } from '../utils/sign-in-errors.utils';
import type { PasswordErrorTargets } from './password-sign-in-flow';

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
    void passwordSignIn.signIn(email, password, {
      onEmailError: setError,
      onPasswordError: setPasswordError,
    });
  }

  // Enter in the password box signs in with the password, not with a link.
  function onPasswordKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    signInWithPassword();
  }

  const trimmedEmail = email.trim();

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
        {/* A plain password box: Mantine's PasswordInput would add its own chunk to the page's first load. */}
        <TextInput
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setPasswordError(null);
          }}
          onKeyDown={onPasswordKeyDown}
          error={passwordError}
        />
        <Anchor
          component={Link}
          to={trimmedEmail ? `/reset-password?email=${encodeURIComponent(trimmedEmail)}` : '/reset-password'}
          size="sm"
          ta="right"
        >
          Forgot password?
        </Anchor>
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

// Empty boxes are told at once; the call and what follows it load on first use.
function useSignInWithPassword() {
  const [isSigningIn, setSigningIn] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function signIn(rawEmail: string, password: string, targets: PasswordErrorTargets) {
    const email = rawEmail.trim();
    targets.onEmailError(email === '' ? SignInErrorText.EmailRequired : null);
    targets.onPasswordError(password === '' ? SignInErrorText.PasswordRequired : null);
    if (email === '' || password === '' || isSigningIn) return;
    setSigningIn(true);
    try {
      const { runPasswordSignIn } = await import('./password-sign-in-flow');
      await runPasswordSignIn({ email, password, queryClient, navigate, targets });
    } finally {
      setSigningIn(false);
    }
  }

  return { signIn, isSigningIn };
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
