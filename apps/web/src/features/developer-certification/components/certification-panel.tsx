import { Alert, Loader, Stack, Text } from '@mantine/core';
import { CertificationProgressDetails } from '../../../components/certification-progress-details';
import { useCertificationProgress } from '../api/get-certification-progress';

// The account data page's Certification side panel: the account's certification
// progress (GET /api/certification?id=), as the certification page shows a client its own.
export function CertificationPanel({ clientId }: { clientId: string }) {
  const certification = useCertificationProgress(clientId);
  if (certification.isPending) return <Loader aria-label="Loading" />;
  if (certification.error) return <Alert color="red">{certification.error.message}</Alert>;
  const progress = certification.data;
  return (
    <Stack gap="sm">
      {!progress.is_in_certification && <Text c="dimmed">This account is not in certification.</Text>}
      <CertificationProgressDetails progress={progress} />
    </Stack>
  );
}
