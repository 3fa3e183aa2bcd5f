import { Stack, Table, Text, Title } from '@mantine/core';
import { formatDecimalAsMoney } from '@portico/contracts/money/money';
import {
  payoutStatusLabels,
  ReconciliationText,
  StatementFiguresHeading,
  StatementFigureText,
  type StatementRow,
  statementFigureKeys,
} from '@portico/contracts/statements/statements';

// The server's figures of a statement (contracts statementFiguresOf), each with its definition under
// its label, then net deposited line for line: the month's payouts, what is pending, and their total.
// The PDF prints the same answer.
export const TotalAmountDefinition = `Total Amount is the ${StatementFigureText.gross.label}, the same as the Summary's Gross total.`;

export function StatementFiguresPanel({ row }: { row: StatementRow }) {
  const { figures, reconciliation } = row;
  return (
    <Stack gap="xs" data-testid="statement-figures">
      <Text size="xs" c="dimmed">
        {TotalAmountDefinition}
      </Text>
      <Title order={3}>{StatementFiguresHeading}</Title>
      <Table withTableBorder aria-label={StatementFiguresHeading}>
        <Table.Tbody>
          {statementFigureKeys.map((key) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">
                <Text size="sm" fw={600}>
                  {StatementFigureText[key].label}
                </Text>
                <Text size="xs" c="dimmed">
                  {StatementFigureText[key].definition}
                </Text>
              </Table.Th>
              <Table.Td ta="right">{formatDecimalAsMoney(figures[key])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3}>{ReconciliationText.Heading}</Title>
      <Table withTableBorder aria-label={ReconciliationText.Heading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payout Date</Table.Th>
            <Table.Th>Processor</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reconciliation.payouts.map((payout) => (
            <Table.Tr key={payout.id}>
              <Table.Td>{payout.payout_date}</Table.Td>
              <Table.Td>{payout.processor.toUpperCase()}</Table.Td>
              <Table.Td>{payoutStatusLabels[payout.status] ?? payout.status}</Table.Td>
              <Table.Td ta="right">{formatDecimalAsMoney(payout.amount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              {ReconciliationText.Pending}
            </Table.Th>
            <Table.Td ta="right">{formatDecimalAsMoney(reconciliation.pending)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              {ReconciliationText.Total}
            </Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatDecimalAsMoney(reconciliation.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
