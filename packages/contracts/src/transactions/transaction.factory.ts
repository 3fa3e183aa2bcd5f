import type { Transaction } from './transaction';

// A valid wire transaction for tests: an approved 100.00 card charge.
export function buildWireTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: '3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b',
    amount: '100.00',
    fee: '3.20',
    surcharge: '0.00',
    type: 'charge',
    action: 'sale',
    action_mode: 'charge',
    payment_status: true,
    request_status: true,
    status: 'Approved',
    created_at: '2025-07-15T13:00:00.000Z',
    client_id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
    card_brand: 'VISA',
    card_type: 'credit',
    pro_pay_status: null,
    settlement: { amount: '96.80', date: '2025-07-16' },
    data: {
      api_response: {
        token: 'VISA-4242-12-2027',
        meta: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', customFields: {} },
      },
      third_party_api_response: { AUTH_MASKED_ACCOUNT_NBR: 'XXXXXXXXXXXX4242' },
    },
    ...overrides,
  };
}
