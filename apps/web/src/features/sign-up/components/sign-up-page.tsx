import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  SignUpErrorCode,
  SignUpText,
  sandboxSignUpQuery,
  signUpBody,
} from '@portico/contracts/clients/sign-up';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';

// The form's own shape: the phone box may stay empty; everything else is the call's body schema.
const signUpFormSchema = signUpBody.omit({ phone: true, sandbox_token: true }).extend({
  phone: z
    .string()
    .trim()
    .regex(/^$|^\+?[0-9 ().-]{7,20}$/, 'Enter a valid phone number'),
});
type SignUpFormInput = z.input<typeof signUpFormSchema>;
type SignUpFormValues = z.output<typeof signUpFormSchema>;

// An expired or foreign sandbox invitation says so; anything else is the generic failure.
function failureText(error: Error): string {
  return error instanceof ApiError && error.code === SignUpErrorCode.SandboxLinkInvalid
    ? SignUpText.SandboxLinkInvalid
    : SignUpText.Failed;
}

// /sign-up: a business applies on its own; the e-mailed link finishes the
// application. ?sandbox=true&email=…&token=… is the sandbox sign-up of POST /api/sandboxlink, which
// opens a sandbox account at once; without its token it is refused, so the form is the normal one.
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const isSandboxLink = searchParams.get(sandboxSignUpQuery.sandbox) === 'true';
  const sandboxToken = isSandboxLink ? (searchParams.get(sandboxSignUpQuery.token) ?? '') : '';
  const isSandbox = sandboxToken !== '';
  const signUp = useSignUp();
  const form = useForm<SignUpFormInput, unknown, SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      business_name: '',
      first_name: '',
      last_name: '',
      email: searchParams.get(sandboxSignUpQuery.email) ?? '',
      phone: '',
    },
  });
  const submit = form.handleSubmit((values) =>
    signUp.mutate({
      ...values,
      ...(values.phone === '' ? { phone: undefined } : {}),
      ...(isSandbox ? { sandbox_token: sandboxToken } : {}),
    }),
  );
  const errorOf = (field: keyof SignUpFormInput) => form.formState.errors[field]?.message;

  if (signUp.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2" ta="center">
          {SignUpText.Title}
        </Title>
        <Alert color="green" role="status">
          {signUp.data}
        </Alert>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login" fw={600}>
            {SignUpText.SignIn}
          </Anchor>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h2" ta="center">
        {isSandbox ? `${SignUpText.Title} (sandbox)` : SignUpText.Title}
      </Title>
      <Text c="dimmed" size="sm" ta="center">
        {isSandbox ? SignUpText.SandboxIntro : SignUpText.Intro}
      </Text>
      {isSandboxLink && !isSandbox ? (
        <Alert color="yellow" role="alert">
          {SignUpText.SandboxLinkInvalid}
        </Alert>
      ) : null}
      <form aria-label="Sign up" noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <TextInput
            label="Business name"
            required
            {...form.register('business_name')}
            error={errorOf('business_name')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="First name"
              required
              {...form.register('first_name')}
              error={errorOf('first_name')}
            />
            <TextInput
              label="Last name"
              required
              {...form.register('last_name')}
              error={errorOf('last_name')}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            required
            {...form.register('email')}
            error={errorOf('email')}
          />
          <TextInput label="Phone" type="tel" {...form.register('phone')} error={errorOf('phone')} />
          {signUp.isError ? (
            <Alert color="red" role="alert">
              {failureText(signUp.error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={signUp.isPending}>
            {SignUpText.Submit}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {`${SignUpText.HaveAccount} `}
        <Anchor component={Link} to="/login" fw={600}>
          {SignUpText.SignIn}
        </Anchor>
      </Text>
    </Stack>
  );
}
