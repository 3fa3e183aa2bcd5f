import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatCentsAsMoney } from '@portico/contracts/money/money';
import type { Transaction } from '@portico/contracts/transactions/transaction';
import { transactionTypeLabel } from '@portico/contracts/transactions/transaction-labels';
import { UndoStateLabel } from '@portico/contracts/transactions/undo-state';
import { formatMoneyText } from '../utils/transaction-detail.utils';
import { undoStateOfTransaction } from '../utils/transaction-view.utils';

type TransactionLinksProps = {
  transaction: Transaction;
  formatDateTime: (iso: string) => string;
  // The transaction being opened, while it loads; and why the last one could not be.
  openingId: string | null;
  openError: string | null;
  onOpenTransaction: (id: string) => void;
};

// What happened to the transaction: its state, the amount left to refund, and
// links between an original and its voids and refunds, each opening in this viewer.
export function TransactionLinks({
  transaction,
  formatDateTime,
  openingId,
  openError,
  onOpenTransaction,
}: TransactionLinksProps) {
  const state = undoStateOfTransaction(transaction);
  const originalId = transaction.data.api_response?.original_transaction_id;
  const undoes = transaction.undone_by ?? [];
  if (state.kind === 'none' && originalId === undefined && openError === null) return null;

  return (
    <Paper withBorder p="sm" component="section" aria-label="What happened">
      <Stack gap="xs">
        <Title order={3} size="h5">
          What happened
        </Title>
        {state.kind !== 'none' && (
          <Group gap="sm">
            <Badge color={state.kind === 'partially_refunded' ? 'yellow' : 'gray'} size="lg" variant="light">
              {UndoStateLabel[state.kind]}
            </Badge>
            {state.kind === 'partially_refunded' && (
              <Text size="sm">{`${formatCentsAsMoney(state.refundableCents)} left to refund`}</Text>
            )}
          </Group>
        )}
        {undoes.map((undo) => (
          <Group key={undo.id} gap="xs" wrap="wrap">
            <Text size="sm">
              {`${transactionTypeLabel(undo.type)} of ${formatMoneyText(undo.amount)} on ${formatDateTime(undo.created_at)}`}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              loading={openingId === undo.id}
              onClick={() => onOpenTransaction(undo.id)}
            >
              {`Open ${transactionTypeLabel(undo.type).toLowerCase()}`}
            </Button>
          </Group>
        ))}
        {originalId !== undefined && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{`${transactionTypeLabel(transaction.type)} of the original transaction`}</Text>
            <Button
              size="compact-sm"
              variant="subtle"
              loading={openingId === originalId}
              onClick={() => onOpenTransaction(originalId)}
            >
              Open original transaction
            </Button>
          </Group>
        )}
        {openError && (
          <Alert color="red" role="alert">
            {openError}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
