import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useIsInPortalMenu } from '../../../lib/auth/use-portal-menu';
import { useDisputesNeedingResponse } from '../api/get-disputes-needing-response';
import type { DashboardScope } from '../api/keys';
import { MetricCard } from './metric-card';

export const disputesNeedingResponseHref = '/disputes?status=needs_response';

// 'Disputes needing a response', for people whose menu opens Disputes: the count of open
// chargebacks, and the grid filtered to them.
export function DisputesCard({ scope }: { scope: DashboardScope }) {
  const mayOpenDisputes = useIsInPortalMenu('/disputes');
  const count = useDisputesNeedingResponse(scope, { enabled: mayOpenDisputes });
  if (!mayOpenDisputes) return null;
  return (
    <MetricCard
      title="Disputes needing a response"
      isPending={count.isPending}
      error={count.error}
      onRetry={() => void count.refetch()}
    >
      <Text size="xl" fw={700}>
        {count.data ?? 0}
      </Text>
      <Anchor component={Link} to={disputesNeedingResponseHref} size="sm">
        {count.data === 0 ? 'Open Disputes' : 'Answer them in Disputes'}
      </Anchor>
    </MetricCard>
  );
}
