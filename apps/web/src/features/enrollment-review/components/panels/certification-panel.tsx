// Props:
// - enrollmentId: the enrollment the page shows; every call names it.
// - clientId: its account (client_id), null until the sandbox or the approval creates one.
// - onChanged: asks the page to refetch after the sandbox was created or a developer enrolled.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import {
  type DeveloperEnvironment,
  type DeveloperFormValues,
  developerFormSchema,
  EnrollmentActionText,
} from '@portico/contracts/enrollment/enrollment-actions';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showToast } from '../../../../components/toasts';
import { useCreateSandbox } from '../../api/create-sandbox';
import { useEnrollDeveloper } from '../../api/enroll-developer';
import { useSendDeveloperEmail } from '../../api/send-developer-email';
import { actionFailureText, maskedKey } from '../../utils/enrollment-actions.utils';

type CertificationPanelProps = {
  enrollmentId: string;
  clientId: string | null;
  onChanged?: () => void;
};

const enrolledText: Record<DeveloperEnvironment, string> = {
  sandbox: EnrollmentActionText.DevEnrolledSandbox,
  production: EnrollmentActionText.DevEnrolledProduction,
};

const emptyDeveloper: DeveloperFormValues = { name: '', email: '' };

// Certification: the sandbox account, the lead developer's enrolment in sandbox or
// production, and the developer's e-mail. Each toast follows the server's answer.
export function CertificationPanel({ enrollmentId, clientId, onChanged }: CertificationPanelProps) {
  const sandbox = useCreateSandbox();
  const developer = useEnrollDeveloper();
  const email = useSendDeveloperEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(developerFormSchema),
    defaultValues: emptyDeveloper,
    mode: 'onTouched',
  });
  const { errors, isValid } = form.formState;
  const isBusy = sandbox.isPending || developer.isPending || email.isPending;

  function createSandbox() {
    setFailure(null);
    sandbox.mutate(enrollmentId, {
      onSuccess: () => {
        void showToast({ text: EnrollmentActionText.SandboxCreated, type: 'success' });
        onChanged?.();
      },
      onError: (error) => setFailure(actionFailureText(error)),
    });
  }

  const enrollIn = (environment: DeveloperEnvironment) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await developer.mutateAsync({
          id: enrollmentId,
          name: values.name,
          email: normalizeEmailAddress(values.email),
          environment,
        });
        void showToast({ text: enrolledText[environment], type: 'success' });
        onChanged?.();
      } catch (error) {
        setFailure(actionFailureText(error));
      }
    });

  const sendEmail = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await email.mutateAsync({ id: enrollmentId, email: normalizeEmailAddress(values.email) });
      void showToast({ text: EnrollmentActionText.DevEmailSent, type: 'success' });
    } catch (error) {
      void showToast({ text: EnrollmentActionText.DevEmailNotSent, type: 'danger' });
      setFailure(actionFailureText(error));
    }
  });

  return (
    <Stack gap="md">
      <Title order={4}>Sandbox</Title>
      <Text size="sm">
        {clientId === null
          ? 'No account yet: creating the sandbox creates the account in development, without production payments.'
          : 'Creates the sandbox (certification) access of the account and its sandbox API key.'}
      </Text>
      {sandbox.data && (
        <Text size="sm" aria-label="Sandbox API key">
          Sandbox API key {maskedKey(sandbox.data.sandbox_api_key_last4)}
        </Text>
      )}
      <Group>
        <Button onClick={createSandbox} loading={sandbox.isPending} disabled={isBusy && !sandbox.isPending}>
          Create Sandbox
        </Button>
      </Group>
      <Divider />
      <Title order={4}>Lead developer</Title>
      <TextInput
        label="Developer Name"
        withAsterisk
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextInput
        label="Developer Email"
        type="email"
        withAsterisk
        error={errors.email?.message}
        {...form.register('email')}
      />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void enrollIn('sandbox')()} disabled={!isValid || isBusy}>
          Enroll Dev in Sandbox
        </Button>
        <Button onClick={() => void enrollIn('production')()} disabled={!isValid || isBusy}>
          Enroll Dev in Production
        </Button>
        <Button variant="light" onClick={() => void sendEmail()} disabled={!isValid || isBusy}>
          Send Dev Email
        </Button>
      </Group>
    </Stack>
  );
}
