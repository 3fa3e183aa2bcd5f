import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ReportTransactionText } from '@portico/contracts/transactions/report';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { transactionDetailSections } from '../utils/transaction-detail.utils';
import type { TransactionActions, TransactionSubject } from '../utils/transaction-view.utils';
import { TransactionDispute } from './transaction-dispute';
import { TransactionLinks } from './transaction-links';

type TransactionDetailProps = {
  subject: TransactionSubject;
  canSeeAdvancedFields: boolean;
  actions: TransactionActions;
  formatDateTime: (iso: string) => string;
  onVoid: () => void;
  onRefund: () => void;
  openingId: string | null;
  openError: string | null;
  onOpenTransaction: (id: string) => void;
};

// The transaction detail viewer: the transaction, customer and meta fields, sub-location and its
// custom fields, settlement, Advanced Details with REPORTS_ADVANCED, and the receipt.
export function TransactionDetail({
  subject,
  canSeeAdvancedFields,
  actions,
  formatDateTime,
  onVoid,
  onRefund,
  openingId,
  openError,
  onOpenTransaction,
}: TransactionDetailProps) {
  const sections = transactionDetailSections(subject, { canSeeAdvancedFields, formatDateTime });

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Button
          component={Link}
          to={`/receipt?id=${encodeURIComponent(subject.transaction.id)}`}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconReceipt size={16} aria-hidden />}
        >
          Receipt
        </Button>
        {actions.canVoid && (
          <Button color="red" variant="light" onClick={onVoid}>
            Void
          </Button>
        )}
        {actions.canRefund && (
          <Button variant="light" onClick={onRefund}>
            Refund
          </Button>
        )}
      </Group>
      {actions.refundOpensLater && (
        <Text size="sm" c="dimmed">
          {ReportTransactionText.RefundOpensTomorrow}
        </Text>
      )}
      <TransactionLinks
        transaction={subject.transaction}
        formatDateTime={formatDateTime}
        openingId={openingId}
        openError={openError}
        onOpenTransaction={onOpenTransaction}
      />
      <TransactionDispute transaction={subject.transaction} />
      {sections.map((section) => (
        <Paper key={section.title} withBorder p="sm" component="section" aria-label={section.title}>
          <Title order={3} size="h5" mb="xs">
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
            {section.fields.map((field) => (
              <div key={field.label}>
                <Text component="dt" size="xs" c="dimmed">
                  {field.label}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {field.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
