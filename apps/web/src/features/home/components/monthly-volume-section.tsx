import { Card, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { MonthlyVolume } from '@portico/contracts/transactions/stats';
import { DashboardLabel } from '@portico/contracts/transactions/texts';
import { lazy, Suspense, useId } from 'react';
import { useStats } from '../api/get-stats';
import type { DashboardScope } from '../api/keys';
import { formatDashboardCents } from '../utils/dashboard-money.utils';
import {
  hasMonthlyVolume,
  type MonthlyVolumePoint,
  monthlyVolumePoints,
} from '../utils/monthly-volume.utils';
import { MetricCardBody } from './metric-card';

const MonthlyVolumeChart = lazy(() =>
  import('./monthly-volume-chart').then((module) => ({ default: module.MonthlyVolumeChart })),
);

type MonthlyVolumeSectionProps = { scope: DashboardScope };

// 'Monthly Payout Volume': months as YYYY-MM, totals with 2 decimals.
export function MonthlyVolumeSection({ scope }: MonthlyVolumeSectionProps) {
  const stats = useStats(scope);
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title id={titleId} order={2} size="h4">
          {DashboardLabel.MonthlyPayoutVolume}
        </Title>
        <MetricCardBody isPending={stats.isPending} error={stats.error} onRetry={() => stats.refetch()}>
          <MonthlyVolumeBody volume={stats.data?.monthlyVolume ?? []} />
        </MetricCardBody>
      </Stack>
    </Card>
  );
}

function MonthlyVolumeBody({ volume }: { volume: readonly MonthlyVolume[] }) {
  const points = monthlyVolumePoints(volume);
  if (!hasMonthlyVolume(points)) {
    return (
      <Text size="sm" c="dimmed">
        No payout volume in this period
      </Text>
    );
  }
  return (
    <>
      <Suspense fallback={<Loader size="sm" />}>
        <MonthlyVolumeChart points={points} />
      </Suspense>
      <MonthlyVolumeTable points={points} />
    </>
  );
}

// The chart's figures for screen readers (and for anyone reading the exact amounts).
function MonthlyVolumeTable({ points }: { points: readonly MonthlyVolumePoint[] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{DashboardLabel.MonthlyPayoutVolume}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Volume</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.month}>
              <th scope="row">{point.month}</th>
              <td>{formatDashboardCents(point.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
