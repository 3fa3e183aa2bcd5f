import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { SubscriptionText } from '@portico/contracts/subscriptions/subscriptions';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-client';
import { useCancelLinkSummary, useUnsubscribe } from '../api/unsubscribe';
import { parseUnsubscribeSegment, unsubscribeQuestion } from '../utils/recurring.utils';

function UnsubscribeCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" my="xl">
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

// /unsubscribe/{cancelId}+{merchantName}+{amount}: the customer's card from the
// receipt e-mail asks its question and cancels after a 200. No session: the link's signed token is the
// authorization.
export function UnsubscribeCardPage() {
  const { subscription = '' } = useParams();
  const link = parseUnsubscribeSegment(subscription);
  const summary = useCancelLinkSummary(link?.cancelId ?? null);
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
        <Title order={1}>{SubscriptionText.CancellationConfirmed}</Title>
        <Text>{cancelling.data.text}</Text>
      </UnsubscribeCard>
    );
  }
  // A used or forged link cannot cancel: the server's answer instead of the button.
  if (summary.isError) {
    return (
      <UnsubscribeCard>
        <Title order={1}>Unsubscribe</Title>
        <Alert color="red" role="alert">
          {apiErrorMessage(summary.error, SubscriptionText.CancelLinkNotValid)}
        </Alert>
      </UnsubscribeCard>
    );
  }
  // A series that ended some other way: said before any button, and nothing to press.
  if (summary.data?.end_reason) {
    return (
      <UnsubscribeCard>
        <Title order={1}>Unsubscribe</Title>
        <Text>{SubscriptionText.LinkSeriesEnded}</Text>
        <Text size="sm">Reason: {summary.data.end_reason}</Text>
      </UnsubscribeCard>
    );
  }
  // The token's own merchant and amount once the server has read it; the address's until then.
  const subject = summary.data
    ? { merchantName: summary.data.merchant_name, amount: summary.data.amount }
    : link;
  const typedReason = reason.trim();
  return (
    <UnsubscribeCard>
      <Title order={1}>Unsubscribe</Title>
      <Text>{unsubscribeQuestion(subject)}</Text>
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
          cancelling.mutate({ cancelId: link.cancelId, reason: typedReason === '' ? undefined : typedReason })
        }
        loading={cancelling.isPending}
        disabled={summary.isPending}
      >
        {SubscriptionText.CancelSubscription}
      </Button>
    </UnsubscribeCard>
  );
}

// /unsubscribe: the public success page.
export function UnsubscribedPage() {
  return (
    <UnsubscribeCard>
      <Title order={1}>{SubscriptionText.Unsubscribed}</Title>
    </UnsubscribeCard>
  );
}
