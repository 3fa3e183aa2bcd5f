import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { WebhookText } from '@portico/contracts/developers/webhooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { apiErrorMessage } from '../../../lib/api-client';
import type { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { AddEndpointModal } from './add-endpoint-modal';
import { EndpointCard } from './endpoint-card';

// The merchant's endpoints (and, for a parent, those of the merchants below it), newest first.
export function EndpointsSection({
  merchantId,
  endpoints,
}: {
  merchantId: string;
  endpoints: ReturnType<typeof useWebhookEndpoints>;
}) {
  const [isAdding, setAdding] = useState(false);
  const list = endpoints.data ?? [];
  const hasOtherMerchants = list.some((endpoint) => endpoint.merchant_id !== merchantId);

  return (
    <Stack gap="sm" component="section" aria-labelledby="endpoints-title">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} size="h3" id="endpoints-title">
          {WebhookText.EndpointsTitle}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {WebhookText.AddEndpoint}
        </Button>
      </Group>
      {endpoints.isPending ? (
        <Spinner />
      ) : endpoints.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(endpoints.error, 'The webhook endpoints could not be loaded.')}
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed">{WebhookText.NoEndpoints}</Text>
      ) : (
        list.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} showMerchant={hasOtherMerchants} />
        ))
      )}
      <AddEndpointModal merchantId={merchantId} isOpen={isAdding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
