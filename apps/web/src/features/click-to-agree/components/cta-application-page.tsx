import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { CtaText, ctaTokenPattern } from '@portico/contracts/enrollment/click-to-agree';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCtaApplication } from '../api/get-cta-application';
import { isParentOfLink } from '../utils/cta-form.utils';
import { CtaAgreedSummary } from './cta-agreed-summary';
import { CtaApplicationForm } from './cta-application-form';

// /enroll/{parent_id}/{id} and /enroll/{id}?token=…: the public click-to-agree application.
// No session: the link's token is the authorization.
export function CtaApplicationPage() {
  const { id = '', parent_id: parentId } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const isLinkShaped = ctaTokenPattern.test(token) && /^[0-9a-f-]{36}$/i.test(id);
  return isLinkShaped ? <LoadedApplication id={id} parentId={parentId} token={token} /> : <InvalidLink />;
}

function InvalidLink({ message = CtaText.LinkInvalid }: { message?: string }) {
  return (
    <Stack gap="md">
      <Title order={1}>Merchant Application</Title>
      <Alert color="red" title="Link not valid">
        {message} Please ask your provider to send a new link.
      </Alert>
    </Stack>
  );
}

type LoadedApplicationProps = { id: string; parentId: string | undefined; token: string };

function LoadedApplication({ id, parentId, token }: LoadedApplicationProps) {
  const application = useCtaApplication(id, token);
  const [submittedAt, setSubmittedAt] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (application.isPending) {
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Loading application" />
      </Stack>
    );
  }
  if (application.isError) {
    const error = application.error;
    // 403 is the refused link; anything else is an outage the merchant may retry.
    if (error instanceof ApiError && error.httpStatus === 403) return <InvalidLink />;
    return (
      <Stack gap="md">
        <Title order={1}>Merchant Application</Title>
        <Alert color="red" title="Something went wrong">
          The application could not be loaded. Please try again later.
        </Alert>
      </Stack>
    );
  }
  const view = application.data;
  if (!isParentOfLink(parentId, view)) return <InvalidLink />;
  if (refusal !== null) return <InvalidLink message={refusal} />;

  const heading = (
    <Stack gap={4}>
      <Title order={1}>Merchant Application</Title>
      {view.parent_name ? <Text c="dimmed">with {view.parent_name}</Text> : null}
    </Stack>
  );
  if (submittedAt !== null) {
    return (
      <Stack gap="md">
        {heading}
        <Alert color="green" title="Thank you!">
          {CtaText.Submitted}
        </Alert>
      </Stack>
    );
  }
  if (!view.can_submit) {
    return (
      <Stack gap="md">
        {heading}
        <CtaAgreedSummary view={view} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {heading}
      <Text>
        Complete the details below, read the terms and agree to submit your application. Fields marked with an
        asterisk are required.
      </Text>
      <CtaApplicationForm view={view} token={token} onSubmitted={setSubmittedAt} onRefused={setRefusal} />
    </Stack>
  );
}
