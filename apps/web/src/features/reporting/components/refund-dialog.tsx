import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { RefundText } from '@portico/contracts/transactions/texts';
import { refundAmountInput } from '@portico/contracts/transactions/void-refund';
import { useRef, useState } from 'react';
import { showToast } from '../../../components/toasts';
import { useRefundTransaction } from '../api/refund-transaction';
import {
  checkRefundAmount,
  type RefundKind,
  refundFailureText,
  shouldReuseIdempotencyKey,
} from '../utils/money-moving.utils';
import { formatMoneyText } from '../utils/transaction-detail.utils';
import { customerNameOf, type TransactionSubject } from '../utils/transaction-view.utils';

type RefundDialogBodyProps = {
  subject: TransactionSubject;
  formatDateTime: (iso: string) => string;
  onRefunded: () => void;
  onCancel: () => void;
};

// A full refund (default, the amount fixed to the transaction amount) or a
// partial one; numeric, step 0.01, minimum 0, never above the transaction amount.
export function RefundDialogBody({ subject, formatDateTime, onRefunded, onCancel }: RefundDialogBodyProps) {
  const refunding = useRefundTransaction();
  const { transaction } = subject;
  const customer = customerNameOf(transaction);
  const [kind, setKind] = useState<RefundKind>('full');
  const [typedAmount, setTypedAmount] = useState(transaction.amount);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The key belongs to one request body; a changed amount is a new request.
  const attemptRef = useRef<{ body: string; key: string } | null>(null);

  function submit() {
    const check = checkRefundAmount(kind, typedAmount, transaction.amount);
    if (!check.isValid) {
      setAmountError(check.message);
      return;
    }
    setAmountError(null);
    setFailure(null);
    const body = JSON.stringify({ id: transaction.id, amount: check.amount });
    if (attemptRef.current?.body !== body) attemptRef.current = { body, key: crypto.randomUUID() };
    const attempt = attemptRef.current;
    refunding.mutate(
      { id: transaction.id, amount: check.amount, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          attemptRef.current = null;
          void showToast({ text: RefundText.Successful, type: 'success' });
          onRefunded();
        },
        onError: (error) => {
          if (!shouldReuseIdempotencyKey(error)) attemptRef.current = null;
          setFailure(refundFailureText(error));
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      {/* The payment as people know it: amount, time and customer (its id is in the detail). */}
      <Text size="sm">
        The {formatMoneyText(transaction.amount)} transaction of {formatDateTime(transaction.created_at)}
        {customer === '' ? '' : ` by ${customer}`}
      </Text>
      <Radio.Group
        label="Refund"
        value={kind}
        onChange={(value) => {
          const next: RefundKind = value === 'partial' ? 'partial' : 'full';
          setKind(next);
          setAmountError(null);
          if (next === 'full') setTypedAmount(transaction.amount);
        }}
      >
        <Group gap="lg" mt={4}>
          <Radio value="full" label="Full refund" />
          <Radio value="partial" label="Partial refund" />
        </Group>
      </Radio.Group>
      <TextInput
        label="Refund Amount"
        type="number"
        inputMode="decimal"
        step={refundAmountInput.step}
        min={refundAmountInput.min}
        value={kind === 'full' ? transaction.amount : typedAmount}
        readOnly={kind === 'full'}
        onChange={(event) => {
          setTypedAmount(event.currentTarget.value);
          setAmountError(null);
        }}
        error={amountError}
        leftSection="$"
      />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={refunding.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={refunding.isPending}>
          Refund
        </Button>
      </Group>
    </Stack>
  );
}
