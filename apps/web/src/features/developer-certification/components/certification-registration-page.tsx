import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { CertificationRegistrationText } from '@portico/contracts/developers/certification-registration';
import { useState } from 'react';
import { CertificationRegistrationForm } from './certification-registration-form';

// /certregistration: the 4-step form with its note until it is sent, then only
// the confirmation.
export function CertificationRegistrationPage() {
  const [isRegistered, setIsRegistered] = useState(false);

  if (isRegistered) {
    return (
      <Paper withBorder p="xl" maw={720} mx="auto">
        <Stack gap="sm">
          <Title order={1}>{CertificationRegistrationText.ThankYouTitle}</Title>
          <Text>{CertificationRegistrationText.ThankYou}</Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Title order={1}>{CertificationRegistrationText.Title}</Title>
      <Alert color="orange" variant="light">
        {CertificationRegistrationText.SelectIntegrationNeeds}
      </Alert>
      <CertificationRegistrationForm onRegistered={() => setIsRegistered(true)} />
    </Stack>
  );
}
