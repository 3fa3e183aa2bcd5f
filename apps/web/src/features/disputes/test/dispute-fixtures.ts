import type { DisputeDetail, DisputeRow } from '@portico/contracts/disputes/disputes';

export const merchantId = '00000000-0000-4000-8000-0000000000b1';

export const openRow: DisputeRow = {
  id: '00000000-0000-4000-8000-0000000000d1',
  merchant_id: merchantId,
  merchant_name: 'Harbor Lane Coffee Roasters',
  transaction_id: '00000000-0000-4000-8000-0000000000e1',
  status: 'needs_response',
  category: 'not_received',
  reason_code: '13.1',
  amount: '-100.66',
  card_brand: 'VISA',
  last4: '1111',
  customer: 'Dana Reyes',
  opened_at: '2026-05-01T09:00:00.000Z',
  respond_by: '2099-05-21T09:00:00.000Z',
  decided_at: null,
};

export const wonRow: DisputeRow = {
  ...openRow,
  id: '00000000-0000-4000-8000-0000000000d2',
  transaction_id: '00000000-0000-4000-8000-0000000000e2',
  status: 'won',
  category: 'duplicate',
  amount: '-1234.50',
  card_brand: 'MC',
  last4: '4444',
  customer: 'Lee Park',
  decided_at: '2026-04-20T09:00:00.000Z',
};

export const openDetail: DisputeDetail = {
  ...openRow,
  transaction_created_at: '2026-04-28T09:00:00.000Z',
  reason_explained: 'The cardholder says they paid but never received the goods or service.',
  helpful_evidence: ['proof_of_delivery', 'receipt', 'customer_communication'],
  explanation: '',
  submitted_at: null,
  events: [{ kind: 'chargeback_opened', occurred_at: '2026-05-01T09:00:00.000Z' }],
  evidence: [],
};
