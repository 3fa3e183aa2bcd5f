import { Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import {
  type CertificationCategory,
  type CertificationProgress,
  certificationCategories,
} from '@portico/contracts/dashboard/certification';
import { useId } from 'react';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { useCertification } from '../api/get-certification';
import type { DashboardScope } from '../api/keys';
import { type CertificationSubject, shouldLoadCertification } from '../utils/dashboard-access.utils';
import { MetricCardBody } from './metric-card';

const categoryLabels: Record<CertificationCategory, string> = {
  charges: 'Charges',
  refunds: 'Refunds',
  reporting: 'Reporting',
};

type CertificationProgressCardProps = { scope: DashboardScope; subject: CertificationSubject };

// Spec 3 §4: charges, refunds and reporting each count one third; completion gives 100%.
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
          {certification.data && <CertificationDetails progress={certification.data} />}
        </MetricCardBody>
      </Stack>
    </Card>
  );
}

function CertificationDetails({ progress }: { progress: CertificationProgress }) {
  const { formatDateTime } = useDateTimeFormatters();
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Progress
        </Text>
        <Text fw={700}>{`${progress.progress}%`}</Text>
      </Group>
      <Progress value={progress.progress} size="lg" aria-label="Certification progress" />
      <List spacing={2} size="sm">
        {certificationCategories.map((category) => (
          <List.Item key={category}>
            {`${categoryLabels[category]}: ${progress[category] > 0 ? 'passed' : 'not yet passed'} (${progress[category]} ${progress[category] === 1 ? 'test' : 'tests'})`}
          </List.Item>
        ))}
      </List>
      {progress.date_time_completed && (
        <Text size="sm">{`Completed on ${formatDateTime(progress.date_time_completed)}`}</Text>
      )}
    </Stack>
  );
}
