import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, Stepper, TextInput } from '@mantine/core';
import {
  type CertificationRegistrationBody,
  CertificationRegistrationErrorCode,
  type CertificationRegistrationInput,
  CertificationRegistrationText,
  certificationRegistrationBody,
  certificationRegistrationSteps,
  emptyCertificationRegistration,
  merchantCountBands,
} from '@portico/contracts/developers/certification-registration';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useRegisterDeveloper } from '../api/register-developer';
import { FeatureChecklist } from './feature-checklist';

const lastStep = certificationRegistrationSteps.length - 1;
const bandOptions = [...merchantCountBands];

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.code !== CertificationRegistrationErrorCode.InstructionsNotSent) {
    return error.message;
  }
  return CertificationRegistrationText.EmailFailed;
}

type CertificationRegistrationFormProps = { onRegistered: () => void };

// Developer Information, Integration Requirements, Enrollment Expectations, Webhook
// Registration. Each step checks its own fields before the next one opens.
export function CertificationRegistrationForm({ onRegistered }: CertificationRegistrationFormProps) {
  const [active, setActive] = useState(0);
  const registration = useRegisterDeveloper();
  const form = useForm<CertificationRegistrationInput, unknown, CertificationRegistrationBody>({
    resolver: zodResolver(certificationRegistrationBody),
    defaultValues: emptyCertificationRegistration(),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  async function goToNextStep() {
    const step = certificationRegistrationSteps[active];
    if (!step) return;
    if (await form.trigger([...step.fields], { shouldFocus: true })) setActive(active + 1);
  }

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await registration.mutateAsync(values);
        onRegistered();
      } catch (error) {
        showToast({ text: failureText(error), type: 'danger' });
      }
    },
    (invalid) => {
      // Back to the first step holding a problem, where its message shows.
      const index = certificationRegistrationSteps.findIndex((step) =>
        step.fields.some((field) => invalid[field] !== undefined),
      );
      if (index >= 0) setActive(index);
    },
  );

  const textField = (name: 'firstName' | 'lastName' | 'email' | 'company', label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      withAsterisk
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );

  const bandSelect = (name: 'expectedMerchantsNow' | 'expectedMerchants90Days', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={bandOptions}
          clearable
          value={field.value ?? null}
          onChange={(value) => field.onChange(merchantCountBands.find((band) => band === value) ?? null)}
          onBlur={field.onBlur}
        />
      )}
    />
  );

  const stepTitle = (index: number) => certificationRegistrationSteps[index]?.title ?? '';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // Enter on an earlier step moves on rather than sending a half-filled form.
        if (active < lastStep) {
          event.preventDefault();
          void goToNextStep();
          return;
        }
        void submit(event);
      }}
    >
      <Stack gap="lg">
        <Stepper active={active} onStepClick={setActive} allowNextStepsSelect={false}>
          <Stepper.Step label={stepTitle(0)}>
            <Stack gap="sm" maw={560}>
              <Group grow align="flex-start">
                {textField('firstName', 'First Name')}
                {textField('lastName', 'Last Name')}
              </Group>
              {textField('email', 'Work Email', 'email')}
              {textField('company', 'Company Name')}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={stepTitle(1)}>
            <Controller
              control={form.control}
              name="features"
              render={({ field }) => (
                <FeatureChecklist
                  values={field.value}
                  onChange={(features) => {
                    field.onChange(features);
                    field.onBlur();
                  }}
                  error={errors.features?.message}
                />
              )}
            />
          </Stepper.Step>
          <Stepper.Step label={stepTitle(2)}>
            <Group grow align="flex-start" maw={560}>
              {bandSelect('expectedMerchantsNow', 'Merchants expected immediately')}
              {bandSelect('expectedMerchants90Days', 'Merchants expected within 90 days')}
            </Group>
          </Stepper.Step>
          <Stepper.Step label={stepTitle(3)}>
            <Stack gap="sm" maw={560}>
              <TextInput
                label="Callback URL"
                type="url"
                placeholder="https://"
                description={CertificationRegistrationText.CallbackDelay}
                error={errors.callbackUrl?.message}
                {...form.register('callbackUrl')}
              />
            </Stack>
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between">
          <Button variant="default" onClick={() => setActive(active - 1)} disabled={active === 0}>
            Back
          </Button>
          {active < lastStep ? (
            <Button onClick={() => void goToNextStep()}>Next</Button>
          ) : (
            <Button type="submit" loading={registration.isPending}>
              Submit
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
