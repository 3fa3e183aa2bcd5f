import { Group, Loader, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { processorLabels } from '@portico/contracts/common/processors';
import { keyInWords } from '@portico/contracts/common/words';
import { formatDecimalAsMoney } from '@portico/contracts/money/money';
import { payoutStatusLabels, StatementText } from '@portico/contracts/statements/statements';
import { useMemo } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { Modal } from '../../../components/modal';
import { useSettlementGroup } from '../api/get-settlement-group';
import { payoutTransactionColumns } from '../utils/statement-columns.utils';
import { PayoutLinesPanel } from './payout-lines-panel';

type Props = { payoutId: string | null; onClose: () => void; timeZone: string };

// The Settlement Group modal: the group's totals, its transactions and its payout lines; admin also
// sees the 'Admin Line Item Total'.
export function SettlementGroupModal({ payoutId, onClose, timeZone }: Props) {
  const group = useSettlementGroup(payoutId);
  const columns = useMemo(() => payoutTransactionColumns(timeZone), [timeZone]);
  const detail = group.data;
  return (
    <Modal isOpen={payoutId !== null} title={StatementText.SettlementGroup} onClose={onClose} isLarge>
      {group.isPending && <Loader size="sm" aria-label="Loading" />}
      {group.error && (
        <Text c="red" role="alert">
          {group.error.message}
        </Text>
      )}
      {detail && (
        <Stack gap="sm">
          <Group gap="lg">
            <Text fw={600}>{detail.merchant_name}</Text>
            <Text>{detail.settlement.settlement_date}</Text>
            <Text>{labelOf(processorLabels, detail.payout_details.processor)}</Text>
            <Text>{labelOf(payoutStatusLabels, detail.payout_details.status)}</Text>
          </Group>
          <SimpleGrid cols={3} spacing="xs">
            <Text size="sm">Gross: {formatDecimalAsMoney(detail.settlement.gross)}</Text>
            <Text size="sm">Fees: {formatDecimalAsMoney(detail.settlement.fees)}</Text>
            <Text size="sm">Adjustments: {formatDecimalAsMoney(detail.settlement.adjustments)}</Text>
            <Text size="sm">Chargebacks: {formatDecimalAsMoney(detail.settlement.chargebacks)}</Text>
            <Text size="sm" fw={600}>
              Net: {formatDecimalAsMoney(detail.settlement.net)}
            </Text>
            {detail.admin_line_item_total !== undefined && (
              <Text size="sm" fw={600}>
                {StatementText.AdminLineItemTotal}: {formatDecimalAsMoney(detail.admin_line_item_total)}
              </Text>
            )}
          </SimpleGrid>
          <Tabs defaultValue="transactions" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
              <Tabs.Tab value="lines">{StatementText.PayoutLines}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="transactions" pt="sm">
              <DataGrid
                ariaLabel="Settlement Group transactions"
                columns={columns}
                rows={detail.transaction_details}
                getRowId={(row) => row.id}
                timeZone={timeZone}
                height={400}
                showTotals
                showSidePanel={false}
                showGroupPanel={false}
              />
            </Tabs.Panel>
            <Tabs.Panel value="lines" pt="sm">
              <PayoutLinesPanel payoutId={detail.payout_details.id} timeZone={timeZone} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}

function labelOf(labels: Readonly<Record<string, string>>, key: string): string {
  return labels[key] ?? keyInWords(key);
}
