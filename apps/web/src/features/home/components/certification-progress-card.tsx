import { Card, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { CertificationProgressDetails } from '../../../components/certification-progress-details';
import { useCertification } from '../api/get-certification';
import type { DashboardScope } from '../api/keys';
import { type CertificationSubject, shouldLoadCertification } from '../utils/dashboard-access.utils';
import { MetricCardBody } from './metric-card';

type CertificationProgressCardProps = { scope: DashboardScope; subject: CertificationSubject };

// Charges, refunds and reporting each count one third; completion gives 100%.
export function CertificationProgressCard({ scope, subject }: CertificationProgressCardProps) {
  const certification = useCertification(scope, { enabled: shouldLoadCertification(subject) });
  const titleId = useId();
  const isKnownToBeInCertification =
    certification.data?.is_in_certification ?? subject.isDefaultClientInCertification;
  if (!shouldLoadCertification(subject) || !isKnownToBeInCertification) return null;

  return (
    <Card component="section" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title id={titleId} order={2} size="h4">
          Certification Progress
        </Title>
        <MetricCardBody
          isPending={certification.isPending}
          error={certification.error}
          onRetry={() => certification.refetch()}
        >
          {certification.data && <CertificationProgressDetails progress={certification.data} />}
        </MetricCardBody>
      </Stack>
    </Card>
  );
}
