import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TransactionMetrics as WindowMetrics } from '@portico/contracts/transactions/stats';
import { useStats } from '../api/get-stats';
import type { DashboardScope } from '../api/keys';
import { formatDashboardAmount, formatDashboardCount } from '../utils/dashboard-money.utils';
import { MetricCard, MetricFigure, MetricFigures } from './metric-card';

type TransactionMetricsProps = { scope: DashboardScope };

// The last 7 and 30 days, both ending yesterday.
export function TransactionMetrics({ scope }: TransactionMetricsProps) {
  const stats = useStats(scope);
  const windows = [
    { title: 'Last 7 Days', metrics: stats.data?.last7[0] },
    { title: 'Last 30 Days', metrics: stats.data?.last30[0] },
  ];

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Transaction Metrics
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {windows.map((window) => (
          <MetricCard
            key={window.title}
            title={window.title}
            isPending={stats.isPending}
            error={stats.error}
            onRetry={() => stats.refetch()}
          >
            <WindowFigures metrics={window.metrics} />
          </MetricCard>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function WindowFigures({ metrics }: { metrics: WindowMetrics | undefined }) {
  if (!metrics) {
    return (
      <Text size="sm" c="dimmed">
        No figures for this period
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">{`${metrics.start} to ${metrics.end}`}</Text>
      <MetricFigures>
        <MetricFigure label="Transactions" value={formatDashboardCount(metrics.transactions)} />
        <MetricFigure label="Gross Total" value={formatDashboardAmount(metrics.total)} />
      </MetricFigures>
    </Stack>
  );
}
