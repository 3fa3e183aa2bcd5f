import {
  type WebhookDeliveryRow,
  webhookDeliveryStatusLabels,
  webhookEventLabels,
} from '@portico/contracts/developers/webhooks';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

// The delivery log as people read it: when the event happened (the user's zone, named), what it was,
// where it went, and how delivery went (Delivered, Retrying, Failed), with the ids hidden.
export const webhookDeliveriesColumns: readonly DataGridColumn<WebhookDeliveryRow>[] = [
  { id: 'time', header: 'Time', kind: 'datetime', value: (row) => row.event_created_at, width: 210 },
  {
    id: 'event',
    header: 'Event',
    kind: 'enum',
    enumLabels: webhookEventLabels,
    value: (row) => row.event_type,
    width: 200,
  },
  { id: 'endpoint', header: 'Endpoint', kind: 'text', value: (row) => row.endpoint_url, width: 300 },
  {
    id: 'status',
    header: 'Status',
    kind: 'enum',
    enumLabels: webhookDeliveryStatusLabels,
    value: (row) => row.status,
    width: 120,
  },
  {
    id: 'attempts',
    header: 'Attempts',
    kind: 'number',
    decimals: 0,
    isTotalled: false,
    aggregate: null,
    value: (row) => row.attempts,
    width: 100,
  },
  {
    id: 'lastStatusCode',
    header: 'Last status code',
    kind: 'text',
    value: (row) =>
      row.attempts === 0 ? '' : row.last_status_code === null ? 'No answer' : String(row.last_status_code),
    width: 150,
  },
  {
    id: 'nextAttempt',
    header: 'Next attempt',
    kind: 'datetime',
    value: (row) => row.next_attempt_at,
    width: 210,
  },
  { id: 'merchant', header: 'Merchant', kind: 'text', value: (row) => row.merchant_name, width: 200 },
  { id: 'eventId', header: 'Event ID', kind: 'text', value: (row) => row.event_id, width: 300, hidden: true },
];
