import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../../components/toasts';
import { useLoginLinkRequest } from '../api/post-login-link';
import { errorTextForSignIn, SignInErrorText, signInFailureOf } from '../utils/sign-in-errors.utils';

// The e-mail box with Send Login Link. Plain state rather than react-hook-form and zod:
// the login page must stay within its first-load budget.
export function LoginEmailForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const loginLink = useSendLoginLink();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    loginLink.send(email, setError);
  }

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
      </Stack>
    </form>
  );
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
