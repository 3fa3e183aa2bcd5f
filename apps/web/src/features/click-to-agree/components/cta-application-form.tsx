import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import {
  type CtaApplicationView,
  CtaErrorCode,
  CtaText,
  ctaApplicationSchema,
  termsPath,
} from '@portico/contracts/enrollment/click-to-agree';
import { EnrollText } from '@portico/contracts/enrollment/enroll';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useAgreeToApplication } from '../api/agree-to-application';
import { ctaFormDefaults } from '../utils/cta-form.utils';
import {
  AddressSection,
  BusinessSection,
  ContactSection,
  SettlementSection,
  TransactionMixSection,
} from './cta-form-sections';
import { OwnersSection } from './owners-section';

type CtaApplicationFormProps = {
  view: CtaApplicationView;
  token: string;
  onSubmitted: (agreedAt: string) => void;
  // A refused link or an application agreed meanwhile: the page shows why instead of the form.
  onRefused: (message: string) => void;
};

// The refusals that end the form: anything else may be retried.
const finalCodes: readonly string[] = [
  CtaErrorCode.LinkInvalid,
  CtaErrorCode.AlreadyAgreed,
  CtaErrorCode.NotSubmittable,
];

export function CtaApplicationForm({ view, token, onSubmitted, onRefused }: CtaApplicationFormProps) {
  const agree = useAgreeToApplication(view.id, token);
  const form = useForm({
    resolver: zodResolver(ctaApplicationSchema),
    defaultValues: ctaFormDefaults(view),
    // Errors show once a field was touched, as on the enroll form.
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const mixError = errors.transaction_mix?.root?.message ?? errors.transaction_mix?.message;
  const ownersError = errors.owners?.root?.message ?? errors.owners?.message;

  const submit = form.handleSubmit(
    async (application) => {
      try {
        const result = await agree.mutateAsync(application);
        onSubmitted(result.agreed_at);
      } catch (error) {
        if (error instanceof ApiError && finalCodes.includes(error.code)) {
          onRefused(error.message);
          return;
        }
        showToast({ text: CtaText.SubmitFailed, type: 'danger' });
      }
    },
    () => {
      showToast({ text: EnrollText.FixErrors, type: 'danger' });
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Merchant application">
      <Stack gap="lg">
        <BusinessSection control={form.control} view={view} />
        <AddressSection control={form.control} />
        <ContactSection control={form.control} />
        <OwnersSection control={form.control} view={view} error={ownersError} />
        <SettlementSection control={form.control} view={view} />
        <TransactionMixSection control={form.control} error={mixError} />
        <Stack gap="xs">
          <Text>
            Please read the{' '}
            <Anchor component={Link} to={termsPath(view.id)} target="_blank" rel="noopener noreferrer">
              Terms and Conditions
            </Anchor>{' '}
            before agreeing.
          </Text>
          <Controller
            control={form.control}
            name="agreed"
            render={({ field, fieldState }) => (
              <Checkbox
                label="I agree to the Terms and Conditions"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Stack>
        <Group>
          <Button type="submit" loading={agree.isPending} disabled={agree.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
