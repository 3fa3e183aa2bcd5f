import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { CertificationProgressDetails } from '../../../components/certification-progress-details';
import { useCertificationProgress } from '../api/get-certification-progress';

// /certification-page: a merchant in certification sees its progress, which advances
// as it makes sandbox charges and refunds.
export function CertificationPage() {
  const certification = useCertificationProgress();
  if (certification.isPending) return <Loader aria-label="Loading" />;
  if (certification.error) {
    return (
      <Alert color="red">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{certification.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void certification.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  const progress = certification.data;
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Certification
      </Title>
      {!progress.is_in_certification && <Text c="dimmed">This account is not in certification.</Text>}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text size="sm">
            Make sandbox charges and refunds and read the report through the API; each category counts one
            third of the way.
          </Text>
          <CertificationProgressDetails progress={progress} />
        </Stack>
      </Card>
    </Stack>
  );
}
