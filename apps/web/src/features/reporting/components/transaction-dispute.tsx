import { Anchor, Button, Group, Paper, Select, Text, Title } from '@mantine/core';
import {
  type DisputeCategory,
  DisputeCategoryLabel,
  DisputeStatusLabel,
  disputeCategories,
} from '@portico/contracts/disputes/dispute-rules';
import type { Transaction } from '@portico/contracts/transactions/transaction';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useIsInPortalMenu } from '../../../lib/auth/use-portal-menu';
import { useSimulateDispute, useTransactionDispute } from '../api/transaction-dispute';

const categoryOptions = disputeCategories.map((category) => ({
  value: category,
  label: DisputeCategoryLabel[category],
}));

// A settled, approved card sale: what a cardholder can dispute (the server checks the same).
export function isDisputableSale(transaction: Transaction): boolean {
  const isApproved = transaction.payment_status === true || transaction.payment_status === 'true';
  const isSale =
    transaction.action_mode === 'charge' ||
    transaction.action_mode === 'settle' ||
    transaction.action_mode === 'debit' ||
    transaction.action_mode === 'apple_pay';
  return isApproved && isSale && transaction.card_brand !== null && transaction.settlement !== null;
}

// The transaction detail's Dispute section, for people whose menu opens Disputes: the payment's
// dispute with a link to it; for the provider's staff on a settled card sale without one, 'Simulate
// dispute' (the sandbox processor opens it at once).
export function TransactionDispute({ transaction }: { transaction: Transaction }) {
  const mayOpenDisputes = useIsInPortalMenu('/disputes');
  const { actingRole } = useSignedInSession();
  const dispute = useTransactionDispute(transaction.id, { enabled: mayOpenDisputes });
  const simulate = useSimulateDispute(transaction.id);
  const [category, setCategory] = useState<DisputeCategory>('not_received');
  if (!mayOpenDisputes || dispute.isPending || dispute.error) return null;
  const canSimulate = actingRole === 'admin' && dispute.data === null && isDisputableSale(transaction);
  if (dispute.data === null && !canSimulate) return null;

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={`dispute-of-${transaction.id}`}>
      <Title order={3} size="h5" mb="xs" id={`dispute-of-${transaction.id}`}>
        Dispute
      </Title>
      {dispute.data !== null ? (
        <Text size="sm">
          This payment is disputed: {DisputeStatusLabel[dispute.data.status]}.{' '}
          <Anchor component={Link} to={`/disputes/${dispute.data.id}`}>
            Open the dispute
          </Anchor>
        </Text>
      ) : (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Reason"
            data={categoryOptions}
            value={category}
            onChange={(value) => setCategory(disputeCategories.find((c) => c === value) ?? 'not_received')}
            allowDeselect={false}
            w={{ base: '100%', sm: 240 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Button variant="light" loading={simulate.isPending} onClick={() => simulate.mutate(category)}>
            Simulate dispute
          </Button>
        </Group>
      )}
      {simulate.error && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {apiErrorMessage(simulate.error, 'The dispute could not be simulated.')}
        </Text>
      )}
    </Paper>
  );
}
