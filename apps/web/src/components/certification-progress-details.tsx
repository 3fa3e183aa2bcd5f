import { Group, List, Progress, Stack, Text } from '@mantine/core';
import {
  type CertificationCategory,
  type CertificationProgress,
  certificationCategories,
} from '@portico/contracts/dashboard/certification';
import { useDateTimeFormatters } from '../lib/time-zone/date-time-format';

const categoryLabels: Record<CertificationCategory, string> = {
  charges: 'Charges',
  refunds: 'Refunds',
  reporting: 'Reporting',
};

// Charges, refunds and reporting each count one third; completion gives 100%. Home's card
// and the certification page show the same figures.
export function CertificationProgressDetails({ progress }: { progress: CertificationProgress }) {
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
