import { SimpleGrid, Stack, Title } from '@mantine/core';
import { countClientsByLevel, type DashboardCard } from '@portico/contracts/dashboard/clients-meta';
import { useClientsMeta } from '../api/get-clients-meta';
import { useOperationsAlerts } from '../api/get-operations-alerts';
import { useRiskAlerts } from '../api/get-risk-alerts';
import type { DashboardScope } from '../api/keys';
import { formatDashboardCount } from '../utils/dashboard-money.utils';
import { MetricCard, MetricValue } from './metric-card';

type CardQuery = { isPending: boolean; error: Error | null; refetch: () => unknown };

type OperationsMetricsProps = { scope: DashboardScope; cards: readonly DashboardCard[] };

const cardTitles: Record<DashboardCard, string> = {
  merchants: 'Merchants',
  parents: 'Parents',
  openRiskAlerts: 'Open Risk Alerts',
  openOpsAlerts: 'Open Ops Alerts',
};

// The Operations Metrics block: each card only for the roles it is shown to, and each call only when
// a card needs it (the server refuses the others).
export function OperationsMetrics({ scope, cards }: OperationsMetricsProps) {
  const shows = (card: DashboardCard) => cards.includes(card);
  const clientsMeta = useClientsMeta(scope, { enabled: shows('merchants') || shows('parents') });
  const riskAlerts = useRiskAlerts(scope, { enabled: shows('openRiskAlerts') });
  const operationsAlerts = useOperationsAlerts(scope, { enabled: shows('openOpsAlerts') });
  const levels = clientsMeta.data ? countClientsByLevel(clientsMeta.data) : null;

  const figures: Record<DashboardCard, { query: CardQuery; value: number | undefined }> = {
    merchants: { query: clientsMeta, value: levels?.Merchant },
    parents: { query: clientsMeta, value: levels?.Parent },
    openRiskAlerts: { query: riskAlerts, value: riskAlerts.data?.length },
    openOpsAlerts: { query: operationsAlerts, value: operationsAlerts.data?.length },
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Operations Metrics
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {cards.map((card) => {
          const { query, value } = figures[card];
          return (
            <MetricCard
              key={card}
              title={cardTitles[card]}
              isPending={query.isPending}
              error={query.error}
              onRetry={() => query.refetch()}
            >
              <MetricValue value={formatDashboardCount(value ?? 0)} />
            </MetricCard>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
