import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';
import { parseUnsubscribeSegment, unsubscribeQuestion } from '../utils/recurring.utils';
import { RecurringText } from '../utils/recurring-text';

// The reason recorded when the customer gives none.
const defaultReason = 'Cancelled by customer';

function UnsubscribeCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" my="xl">
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

// /unsubscribe/{cancelId}+{merchantName}+{amount} (spec 3 §2, §4): the customer's card from the
// receipt e-mail asks its question and cancels after a 200. No session: the link's signed token is the
// authorization.
export function UnsubscribeCardPage() {
  const { subscription = '' } = useParams();
  const link = parseUnsubscribeSegment(subscription);
  const cancelling = useUnsubscribe();
  const [reason, setReason] = useState('');

  if (!link) {
    return (
      <UnsubscribeCard>
        <Title order={1}>Unsubscribe</Title>
        <Text>This unsubscribe link is not complete. Open it again from your receipt e-mail.</Text>
      </UnsubscribeCard>
    );
  }
  if (cancelling.isSuccess) {
    return (
      <UnsubscribeCard>
        <Title order={1}>{RecurringText.CancellationConfirmed}</Title>
        <Text>{link.merchantName} will not charge this payment method again for this subscription.</Text>
      </UnsubscribeCard>
    );
  }
  return (
    <UnsubscribeCard>
      <Title order={1}>Unsubscribe</Title>
      <Text>{unsubscribeQuestion(link)}</Text>
      <Textarea
        label="Reason (optional)"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={500}
        rows={3}
      />
      {cancelling.isError && (
        <Alert color="red" role="alert">
          {apiErrorMessage(cancelling.error, 'The subscription could not be cancelled. Please try again.')}
        </Alert>
      )}
      <Button
        color="red"
        onClick={() =>
          cancelling.mutate({
            cancelId: link.cancelId,
            reason: reason.trim() === '' ? defaultReason : reason.trim(),
          })
        }
        loading={cancelling.isPending}
      >
        {RecurringText.CancelSubscription}
      </Button>
    </UnsubscribeCard>
  );
}

// /unsubscribe (spec 3 §2): the public success page.
export function UnsubscribedPage() {
  return (
    <UnsubscribeCard>
      <Title order={1}>{RecurringText.Unsubscribed}</Title>
    </UnsubscribeCard>
  );
}
