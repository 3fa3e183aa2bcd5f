import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useElementSize } from '@mantine/hooks';
import { formatCentsAsCompactMoney } from '@portico/contracts/money/decimal';
import { formatDashboardCents } from '../utils/dashboard-money.utils';
import { type MonthlyVolumePoint, monthlyVolumeChartLayout } from '../utils/monthly-volume.utils';

type MonthlyVolumeChartProps = { points: readonly MonthlyVolumePoint[] };

// Loaded on its own (React.lazy): recharts is the largest library of the home page.
export function MonthlyVolumeChart({ points }: MonthlyVolumeChartProps) {
  const { ref, width } = useElementSize();
  const layout = monthlyVolumeChartLayout(width);
  return (
    <div ref={ref} data-testid="monthly-volume-chart">
      <BarChart
        h={layout.heightPx}
        data={[...points]}
        dataKey="month"
        series={[{ name: 'cents', label: 'Volume', color: 'orange.6' }]}
        // Tooltip figures: 2 decimals; ticks may fall between cents.
        valueFormatter={(cents) => formatDashboardCents(Math.round(cents))}
        yAxisProps={{
          width: layout.amountAxisWidthPx,
          tickFormatter: (cents: number) => formatCentsAsCompactMoney(cents),
        }}
        xAxisProps={{
          angle: layout.monthLabelAngle,
          textAnchor: layout.isCompact ? 'end' : 'middle',
          height: layout.isCompact ? 56 : 30,
          interval: 0,
        }}
        tickLine="none"
        maxBarWidth={48}
      />
    </div>
  );
}
