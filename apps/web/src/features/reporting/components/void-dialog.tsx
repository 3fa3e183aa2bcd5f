import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { VoidText } from '@portico/contracts/transactions/texts';
import { useRef, useState } from 'react';
import { showToast } from '../../../components/toasts';
import { useVoidTransaction } from '../api/void-transaction';
import { shouldReuseIdempotencyKey, voidFailureText } from '../utils/money-moving.utils';
import { formatMoneyText } from '../utils/transaction-detail.utils';
import { customerNameOf, type TransactionSubject } from '../utils/transaction-view.utils';

type VoidDialogBodyProps = {
  subject: TransactionSubject;
  formatDateTime: (iso: string) => string;
  onVoided: () => void;
  onCancel: () => void;
};

// On success the dialog closes and the list refreshes, and a toast says so as a refund's
// does; on failure it shows the server message or 'Failed to void transaction'. Mounted per opening, so each opening is a new attempt.
export function VoidDialogBody({ subject, formatDateTime, onVoided, onCancel }: VoidDialogBodyProps) {
  const voiding = useVoidTransaction();
  const [failure, setFailure] = useState<string | null>(null);
  // One Idempotency-Key per attempt, kept for a retry while its outcome is unknown.
  const idempotencyKeyRef = useRef<string | null>(null);
  const { transaction } = subject;
  const customer = customerNameOf(transaction);

  function submit() {
    const idempotencyKey = idempotencyKeyRef.current ?? crypto.randomUUID();
    idempotencyKeyRef.current = idempotencyKey;
    setFailure(null);
    voiding.mutate(
      { id: transaction.id, idempotencyKey },
      {
        onSuccess: () => {
          idempotencyKeyRef.current = null;
          void showToast({ text: VoidText.Successful, type: 'success' });
          onVoided();
        },
        onError: (error) => {
          if (!shouldReuseIdempotencyKey(error)) idempotencyKeyRef.current = null;
          setFailure(voidFailureText(error));
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <Text>
        Void the {formatMoneyText(transaction.amount)} transaction of {formatDateTime(transaction.created_at)}
        {customer === '' ? '' : ` by ${customer}`}?
      </Text>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={voiding.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={submit} loading={voiding.isPending}>
          Void Transaction
        </Button>
      </Group>
    </Stack>
  );
}
