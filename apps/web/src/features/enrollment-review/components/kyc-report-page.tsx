import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { KycLogPanel, ViewKycPanel } from './panels/kyc-panel';

// /report/kyc/{id}: an enrollment's KYC result and its log, linked from
// the enrollment page's KYC Actions.
export function KycReportPage() {
  const { id = '' } = useParams();
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>KYC Report</Title>
      <Text size="sm">
        <Anchor component={Link} to={`/onboard/${encodeURIComponent(id)}`}>
          Back to the enrollment
        </Anchor>
      </Text>
      <Title order={2} size="h3">
        Current result
      </Title>
      <ViewKycPanel enrollmentId={id} />
      <Title order={2} size="h3">
        KYC Log
      </Title>
      <KycLogPanel enrollmentId={id} />
    </Stack>
  );
}
