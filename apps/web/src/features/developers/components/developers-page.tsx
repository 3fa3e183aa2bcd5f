import { Select, Stack, Text, Title } from '@mantine/core';
import { WebhookText } from '@portico/contracts/developers/webhooks';
import { useMemo, useState } from 'react';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { DeliveryLogSection } from './delivery-log-section';
import { EndpointsSection } from './endpoints-section';

// /developers: a merchant's webhook endpoints (add, test, roll the secret, enable, disable, delete)
// and the log of every delivery with its attempts.
export function DevelopersPage() {
  const { user, actingRole, myClients, viewAsClientId } = useSignedInSession();
  // Staff and parents choose the merchant (as on the Vault); owners manage their own.
  const isChooser = actingRole === 'admin' || actingRole === 'parent';
  const ownMerchantId = viewAsClientId ?? user.account.default_client?.id ?? null;
  const [chosenId, setChosenId] = useState<string | null>(ownMerchantId);
  const merchantId = isChooser ? chosenId : ownMerchantId;
  const merchantOptions = useMemo(
    () => (myClients ?? []).map((client) => ({ value: client.id, label: client.name })),
    [myClients],
  );
  const endpoints = useWebhookEndpoints(merchantId);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{WebhookText.Title}</Title>
        <Text size="sm">
          Webhooks post an event to your system when a payment, subscription, payout, statement or merchant
          changes, signed with the endpoint's secret.
        </Text>
      </Stack>
      {isChooser && (
        <Select
          label="Merchant"
          placeholder="Choose a merchant"
          data={merchantOptions}
          value={chosenId}
          onChange={setChosenId}
          searchable
          nothingFoundMessage="Nothing found"
          w={{ base: '100%', sm: 360 }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {merchantId === null ? (
        <Text c="dimmed">Choose a merchant to manage its webhooks.</Text>
      ) : (
        <>
          <EndpointsSection key={merchantId} merchantId={merchantId} endpoints={endpoints} />
          <DeliveryLogSection
            key={`log-${merchantId}`}
            merchantId={merchantId}
            endpoints={endpoints.data ?? []}
          />
          <SignatureHelp />
        </>
      )}
    </Stack>
  );
}

// How a receiver checks a delivery, in short; docs/webhooks.md has the whole of it.
function SignatureHelp() {
  return (
    <Stack gap={4} component="section" aria-labelledby="verify-signature">
      <Title order={2} size="h3" id="verify-signature">
        Verifying a delivery
      </Title>
      <Text size="sm">
        Each delivery carries the header Portico-Signature: t=&lt;unix seconds&gt;,v1=&lt;signature&gt;.
        Compute HMAC-SHA256 of the timestamp, a full stop and the raw body with the endpoint's signing secret,
        compare it with v1 in constant time, and refuse a timestamp more than five minutes from your clock.
        The same event may arrive twice: drop an event id (Portico-Event-Id) you have already handled.
      </Text>
    </Stack>
  );
}
