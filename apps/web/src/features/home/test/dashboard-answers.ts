import { sampleIds } from '@portico/contracts/access/session-user.factory';
import type { MyClient } from '@portico/contracts/auth/my-clients';
import { ok, readyDatabase, type StubbedAnswer } from '../../../test/fetch-stub';

export const alderApiKey = 'test-api-alder-0001';
// The list answers the secret key masked; the full key only comes from a reveal.
export const alderMaskedApiKey = '****0001';
// Addresses carry the publishable key.
export const alderPublishableKey = 'test-pub-alder';
export const alderTerminalId = '66666666-6666-4666-8666-666666666666';

export const dashboardStats = {
  last7: [{ start: '2026-05-01', end: '2026-05-07', transactions: 1234, total: '12345.60' }],
  last30: [{ start: '2026-04-08', end: '2026-05-07', transactions: 5021, total: '-25.00' }],
  monthlyVolume: [
    { month: '2026-03', total: '1000.00' },
    { month: '2026-04', total: '0.00' },
    { month: '2026-05', total: '250034.05' },
  ],
};

export const merchantA: MyClient = {
  id: sampleIds.merchantA,
  name: 'Alder Bakery LLC',
  dba_name: 'Alder Bakery',
  level: 'Merchant',
  parent_id: sampleIds.parent,
};
export const merchantB: MyClient = {
  id: sampleIds.merchantB,
  name: 'Birch Books Inc',
  dba_name: 'Birch Books',
  level: 'Merchant',
  parent_id: sampleIds.parent,
};
export const parentClient: MyClient = {
  id: sampleIds.parent,
  name: 'Harbor Payments',
  dba_name: null,
  level: 'Parent',
  parent_id: null,
};

function clientMeta(id: string, level: 'Parent' | 'Merchant') {
  return { id, name: `Client ${id.slice(0, 4)}`, dba_name: null, level, parent_id: null };
}

function riskAlert(index: number) {
  return {
    kind: 'high_ticket',
    transaction_id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(index).padStart(12, '0')}`,
    client_id: sampleIds.merchantA,
    merchant: 'Alder Bakery',
    amount: '15000.00',
    created_at: '2026-05-05T10:00:00.000Z',
  };
}

function opsAlert(index: number) {
  return {
    id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(index).padStart(12, '0')}`,
    client_id: sampleIds.merchantA,
    name: 'Alder Bakery',
    type: 'payout',
    result: 'held',
    created_at: '2026-05-05T10:00:00.000Z',
  };
}

// An open chargeback of Alder Bakery, as GET /api/disputes?status=needs_response lists it.
function disputeNeedingResponse(index: number) {
  return {
    id: `dddddddd-dddd-4ddd-8ddd-${String(index).padStart(12, '0')}`,
    merchant_id: sampleIds.merchantA,
    merchant_name: 'Alder Bakery',
    transaction_id: `eeeeeeee-eeee-4eee-8eee-${String(index).padStart(12, '0')}`,
    status: 'needs_response',
    category: 'not_received',
    reason_code: '13.1',
    amount: '-40.66',
    card_brand: 'VISA',
    last4: '1111',
    customer: 'Dana Reyes',
    opened_at: '2026-05-01T09:00:00.000Z',
    respond_by: '2026-05-21T09:00:00.000Z',
    decided_at: null,
  };
}

// Every dashboard call answering; a test overrides the ones it is about.
export function dashboardAnswers(
  overrides: Record<string, StubbedAnswer> = {},
): Record<string, StubbedAnswer> {
  return {
    '/readyz': readyDatabase,
    '/api/timezone': ok([['America/New_York', 'Eastern']]),
    '/api/stats': ok(dashboardStats),
    '/api/disputes': ok([disputeNeedingResponse(1), disputeNeedingResponse(2)]),
    '/api/portal/clients-meta': ok([
      clientMeta(sampleIds.merchantA, 'Merchant'),
      clientMeta(sampleIds.merchantB, 'Merchant'),
      clientMeta(sampleIds.childOne, 'Merchant'),
      clientMeta(sampleIds.parent, 'Parent'),
    ]),
    '/api/risk': ok([riskAlert(1), riskAlert(2), riskAlert(3), riskAlert(4), riskAlert(5)]),
    '/api/operations': ok([opsAlert(1), opsAlert(2)]),
    '/api/certification': ok({
      client_id: sampleIds.defaultClient,
      is_in_certification: false,
      charges: 0,
      refunds: 0,
      reporting: 0,
      progress: 0,
      date_time_completed: null,
    }),
    // GET /api/user/apikeys as the server answers it: Alder Bakery's terminal only.
    '/api/user/apikeys': ok([
      {
        id: sampleIds.merchantA,
        name: 'Alder Bakery LLC',
        parent_id: sampleIds.parent,
        apikey: alderMaskedApiKey,
        public_key: alderPublishableKey,
      },
    ]),
    // GET /api/virtualterminalurl with Alder Bakery's publishable key: its terminals.
    '/api/virtualterminalurl': ok([
      {
        id: alderTerminalId,
        name: 'Front Counter',
        url: '/responsive-iframe/payment?params=e30%3D',
        is_active: true,
        customFields: [],
        url_id: 'abcdefghijk',
      },
    ]),
    '/api/v1/manual-data-pull-accounts': ok([
      { merchant_id: sampleIds.merchantA, dba_name: 'Alder Bakery' },
      { merchant_id: sampleIds.merchantB, dba_name: 'Birch Books' },
    ]),
    ...overrides,
  };
}
