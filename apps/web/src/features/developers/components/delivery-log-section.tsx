import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type WebhookDeliveryStatus,
  type WebhookEndpointView,
  WebhookText,
  webhookDeliveryStatuses,
  webhookDeliveryStatusLabels,
  webhookEventLabel,
  webhookEventTypes,
  webhookTestEventType,
} from '@portico/contracts/developers/webhooks';
import { type FormEvent, useMemo, useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { zonedDayStartIso } from '../../../lib/time-zone/zoned-days';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendFailedDeliveries } from '../api/resend-failed-deliveries';
import { webhookDeliveriesColumns } from '../utils/deliveries-columns.utils';
import {
  type DeliveryFilters,
  deliveryFiltersProblem,
  emptyDeliveryFilters,
  toDeliveriesQuery,
} from '../utils/developers.utils';
import { DeliveryAttemptsModal } from './delivery-attempts-modal';

const loggedEventTypes: readonly NonNullable<DeliveryFilters['eventType']>[] = [
  ...webhookEventTypes,
  webhookTestEventType,
];
const eventOptions = loggedEventTypes.map((type) => ({
  value: type,
  label: webhookEventLabel(type),
}));
const statusOptions = webhookDeliveryStatuses.map((status) => ({
  value: status,
  label: webhookDeliveryStatusLabels[status],
}));

function isDeliveryStatus(value: string | null): value is WebhookDeliveryStatus {
  return webhookDeliveryStatuses.some((status) => status === value);
}

function eventTypeOf(value: string | null): DeliveryFilters['eventType'] {
  return loggedEventTypes.find((type) => type === value) ?? null;
}

type DeliveryLogSectionProps = { merchantId: string; endpoints: readonly WebhookEndpointView[] };

// The delivery log: each event sent to each endpoint, filtered on the server, in the shared grid; a
// row opens its attempts with Resend, and 'Resend failed since…' queues every failure since a day.
export function DeliveryLogSection({ merchantId, endpoints }: DeliveryLogSectionProps) {
  const timeZone = useUserTimeZone();
  const [draft, setDraft] = useState<DeliveryFilters>(emptyDeliveryFilters);
  const [filters, setFilters] = useState<DeliveryFilters>(emptyDeliveryFilters);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useMemo(
    () => toDeliveriesQuery(merchantId, filters, timeZone),
    [merchantId, filters, timeZone],
  );
  const deliveries = useWebhookDeliveries(query);
  const rows = deliveries.data ?? [];
  const open = rows.find((row) => row.id === openId) ?? null;
  const problem = deliveryFiltersProblem(draft);
  const endpointOptions = endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.url }));

  function search(event: FormEvent) {
    event.preventDefault();
    if (problem === null) setFilters(draft);
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="delivery-log-title">
      <Title order={2} size="h3" id="delivery-log-title">
        {WebhookText.DeliveriesTitle}
      </Title>
      <form onSubmit={search} aria-label="Delivery log filters">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Endpoint"
            placeholder="Any endpoint"
            data={endpointOptions}
            clearable
            w={{ base: '100%', sm: 280 }}
            value={draft.endpointId}
            onChange={(endpointId) => setDraft({ ...draft, endpointId })}
          />
          <Select
            label="Event"
            placeholder="Any event"
            data={eventOptions}
            clearable
            w={{ base: '100%', sm: 220 }}
            value={draft.eventType}
            onChange={(value) => setDraft({ ...draft, eventType: eventTypeOf(value) })}
          />
          <Select
            label="Status"
            placeholder="Any status"
            data={statusOptions}
            clearable
            w={{ base: '100%', sm: 160 }}
            value={draft.status}
            onChange={(value) => setDraft({ ...draft, status: isDeliveryStatus(value) ? value : null })}
          />
          <TextInput
            type="date"
            label="From"
            w={{ base: '47%', sm: 160 }}
            value={draft.fromDay}
            onChange={(event) => setDraft({ ...draft, fromDay: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            w={{ base: '47%', sm: 160 }}
            value={draft.toDay}
            onChange={(event) => setDraft({ ...draft, toDay: event.currentTarget.value })}
          />
          <Group gap="xs">
            <Button type="submit" disabled={problem !== null}>
              Search
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft(emptyDeliveryFilters);
                setFilters(emptyDeliveryFilters);
              }}
            >
              Clear
            </Button>
          </Group>
        </Group>
      </form>
      {problem !== null && (
        <Text c="red.8" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <ResendFailedSince merchantId={merchantId} endpointId={filters.endpointId} />
      <Text size="sm" role="status" aria-live="polite">
        {deliveries.isPending
          ? 'Loading…'
          : `${rows.length} deliveries, newest first. Choose one to see its attempts.`}
      </Text>
      <DataGrid
        ariaLabel="Webhook deliveries"
        columns={webhookDeliveriesColumns}
        rows={rows}
        getRowId={(row) => row.id}
        isLoading={deliveries.isPending}
        error={
          deliveries.isError
            ? apiErrorMessage(deliveries.error, 'The delivery log could not be loaded.')
            : null
        }
        onRefresh={() => void deliveries.refetch()}
        onRowClick={(row) => setOpenId(row.id)}
        timeZone={timeZone}
        height="max(420px, calc(100vh - 420px))"
        showGroupPanel={false}
        emptyText="No events were sent yet."
        exportFileName="Webhook deliveries.xlsx"
      />
      <DeliveryAttemptsModal delivery={open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

// Every failed delivery since the chosen day (of the chosen endpoint, or all) goes out again.
function ResendFailedSince({ merchantId, endpointId }: { merchantId: string; endpointId: string | null }) {
  const timeZone = useUserTimeZone();
  const resending = useResendFailedDeliveries();
  const [sinceDay, setSinceDay] = useState('');
  const [isAsking, setAsking] = useState(false);

  function resend() {
    resending.mutate(
      {
        merchant_id: merchantId,
        since: zonedDayStartIso(sinceDay, timeZone),
        ...(endpointId === null ? {} : { endpoint_id: endpointId }),
      },
      {
        onSuccess: ({ queued }) =>
          void showToast({
            text:
              queued === 0
                ? 'No failed deliveries since then.'
                : `${queued} failed ${queued === 1 ? 'delivery' : 'deliveries'} will be sent again.`,
            type: 'success',
          }),
        onError: (error) =>
          void showToast({
            text: apiErrorMessage(error, 'The failed deliveries could not be resent.'),
            type: 'danger',
          }),
        onSettled: () => setAsking(false),
      },
    );
  }

  if (isAsking) {
    return (
      <ConfirmBar
        message={`Send again every failed delivery since ${sinceDay}${endpointId === null ? '' : ' to the chosen endpoint'}?`}
        confirmLabel="Resend failed"
        isConfirming={resending.isPending}
        onConfirm={resend}
        onCancel={() => setAsking(false)}
      />
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="date"
        label="Failed since"
        w={{ base: '100%', sm: 180 }}
        value={sinceDay}
        onChange={(event) => setSinceDay(event.currentTarget.value)}
      />
      <Button variant="light" disabled={sinceDay === ''} onClick={() => setAsking(true)}>
        Resend failed since…
      </Button>
    </Group>
  );
}
