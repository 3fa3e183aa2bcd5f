import { describe, expect, it } from 'vitest';
import {
  searchRequestBody,
  searchResponse,
  searchRowSchema,
  searchTotalsItemOfRow,
  searchWindowOfDays,
} from './search';
import { searchTotals } from './search-totals';
import { buildWireTransaction } from './transaction.factory';

const window = searchWindowOfDays('2025-07-01', '2025-07-31');

describe('searchWindowOfDays: "start is 00:00:00.000 UTC, end is 23:59:59.999 UTC"', () => {
  it('turns the picked days into inclusive UTC instants', () => {
    expect(window).toEqual({ start_date: '2025-07-01T00:00:00.000Z', end_date: '2025-07-31T23:59:59.999Z' });
  });

  it('refuses anything but yyyy-mm-dd', () => {
    expect(() => searchWindowOfDays('07/01/2025', '2025-07-31')).toThrow(RangeError);
  });
});

describe('searchRequestBody', () => {
  it('requires both dates', () => {
    expect(searchRequestBody.safeParse({}).success).toBe(false);
    expect(searchRequestBody.safeParse({ start_date: window.start_date }).success).toBe(false);
    expect(searchRequestBody.parse(window)).toEqual(window);
  });

  it('reads every criterion, amounts in cents', () => {
    const criteria = searchRequestBody.parse({
      ...window,
      merchant_id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
      location_ids: ['3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b'],
      customer_email: ' ada@example.com ',
      account: '4242',
      transaction_type: 'charge',
      payment_type: 'card',
      amount_min: '10.00',
      amount_max: '250.5',
      status: 'Approved',
      custom_fields: { 'Clinic Location': 'North' },
    });
    expect(criteria).toMatchObject({
      customer_email: 'ada@example.com',
      amount_min: 1000,
      amount_max: 25050,
    });
  });

  it('is strict: an unknown criterion is refused', () => {
    expect(searchRequestBody.safeParse({ ...window, colour: 'red' }).success).toBe(false);
  });

  it.each([
    ['end before start', { start_date: '2025-07-02T00:00:00.000Z', end_date: '2025-07-01T23:59:59.999Z' }],
    ['empty custom field value', { custom_fields: { 'Clinic Location': ' ' } }],
    ['account not 4 digits', { account: '42' }],
    ['negative amount', { amount_min: '-1.00' }],
    ['three decimals', { amount_max: '1.005' }],
    ['minimum above maximum', { amount_min: '20.00', amount_max: '10.00' }],
    ['empty location list', { location_ids: [] }],
    ['unknown transaction type', { transaction_type: 'wire' }],
  ])('refuses %s', (_label, overrides) => {
    expect(searchRequestBody.safeParse({ ...window, ...overrides }).success).toBe(false);
  });
});

describe('search rows and totals', () => {
  const row = (amount: string, status: string, payment_status: boolean) => ({
    id: '3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b',
    date_time: '2025-07-15T13:00:00.000Z',
    customer: 'Ada Lovelace',
    transaction_type: 'charge',
    payment_type: 'VISA',
    account: '4242',
    amount,
    status,
    transaction_details: buildWireTransaction({ amount, status, payment_status }),
  });

  it('answers the rows in message.value', () => {
    const answer = searchResponse.parse({
      status: true,
      message: { value: [row('10.00', 'Approved', true)] },
    });
    expect(answer.message.value[0]?.customer).toBe('Ada Lovelace');
  });

  it('totals the rows the grid shows, leaving out failed and declined ones', () => {
    const rows = [
      row('10.00', 'Approved', true),
      row('20.01', 'Approved', true),
      row('500.00', 'Declined', false),
      row('700.00', 'Error', false),
    ].map((value) => searchRowSchema.parse(value));
    // buildWireTransaction's fee is 3.20.
    expect(searchTotals(rows.map(searchTotalsItemOfRow))).toEqual({
      grossCents: 3001,
      netCents: 3001 - 640,
      averageCents: 1501,
      count: 2,
    });
  });
});
