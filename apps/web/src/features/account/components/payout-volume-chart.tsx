import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Loader, Paper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatCentsAsCompactMoney } from '@portico/contracts/money/decimal';
import { formatCentsAsMoney, parseDecimalToCents } from '@portico/contracts/money/money';
import { usePayoutVolume } from '../api/get-payout-volume';

// 'Monthly Payout Volume': months as YYYY-MM, totals as money, the amount axis with its currency
// sign, compact below 600px.
export function PayoutVolumeChart({ clientId }: { clientId: string }) {
  const volume = usePayoutVolume(clientId);
  const isNarrow = useMediaQuery('(max-width: 600px)') ?? false;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-payout-volume">
      <Title order={3} size="h4" mb="sm" id="account-payout-volume">
        Monthly Payout Volume
      </Title>
      {volume.isPending && <Loader size="sm" aria-label="Loading payout volume" />}
      {volume.isError && <Alert color="red">{volume.error.message}</Alert>}
      {volume.isSuccess && volume.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No payouts in the last twelve months.
        </Text>
      )}
      {volume.isSuccess && volume.data.length > 0 && (
        <BarChart
          h={isNarrow ? 160 : 220}
          data={volume.data.map((point) => ({
            month: point.month,
            cents: parseDecimalToCents(point.total) ?? 0,
          }))}
          dataKey="month"
          series={[{ name: 'cents', label: 'Payouts', color: 'orange.6' }]}
          valueFormatter={(cents) => formatCentsAsMoney(Math.round(cents))}
          yAxisProps={{ tickFormatter: (cents: number) => formatCentsAsCompactMoney(cents) }}
          tickLine="none"
          maxBarWidth={40}
        />
      )}
    </Paper>
  );
}
