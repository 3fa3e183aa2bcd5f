import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { formatDecimalAsMoney } from '@portico/contracts/money/money';
import { payoutLineKindLabels } from '@portico/contracts/statements/payout-lines';
import { payoutLinesFileName, StatementText } from '@portico/contracts/statements/statements';
import { useMemo, useRef } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridApi } from '../../../components/data-grid/data-grid.types';
import { usePayoutLines } from '../api/get-payout-lines';
import { payoutLineColumns } from '../utils/statement-columns.utils';

type Props = { payoutId: string; timeZone: string };

// A payout's lines: its totals by kind (signed, adding up to the payout), the lines grid and the
// CSV export of what the grid shows.
export function PayoutLinesPanel({ payoutId, timeZone }: Props) {
  const lines = usePayoutLines(payoutId);
  const columns = useMemo(() => payoutLineColumns(timeZone), [timeZone]);
  const gridApi = useRef<DataGridApi>(null);
  const detail = lines.data;
  if (lines.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (lines.error)
    return (
      <Text c="red" role="alert">
        {lines.error.message}
      </Text>
    );
  if (!detail) return null;
  return (
    <Stack gap="sm">
      <Group gap="lg" aria-label="Payout line totals">
        {detail.totals.map((total) => (
          <Text size="sm" key={total.kind}>
            {payoutLineKindLabels[total.kind]} ({total.count}): {formatDecimalAsMoney(total.amount)}
          </Text>
        ))}
        <Text size="sm" fw={600}>
          Payout: {formatDecimalAsMoney(detail.payout_details.amount)}
        </Text>
      </Group>
      {detail.locations_only && (
        <Text size="sm" c="dimmed">
          Only the lines of your locations are shown; they add up to part of this payout.
        </Text>
      )}
      <Group>
        <Button variant="default" onClick={() => gridApi.current?.exportCsv()}>
          {StatementText.ExportPayoutLines}
        </Button>
      </Group>
      <DataGrid
        ariaLabel={StatementText.PayoutLines}
        columns={columns}
        rows={detail.lines}
        getRowId={(row, index) => `${row.transaction_id}:${row.kind}:${index}`}
        timeZone={timeZone}
        height={400}
        showTotals
        showSidePanel={false}
        showGroupPanel={false}
        exportFileName={payoutLinesFileName(detail.payout_date, detail.payout_details.processor)}
        apiRef={gridApi}
      />
    </Stack>
  );
}
