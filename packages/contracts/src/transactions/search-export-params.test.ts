import { describe, expect, it } from 'vitest';
import { exportRequestBody } from '../exports/exports';
import { searchRequestBody } from './search';
import { searchCriteriaOfExportParams, searchExportParamsOf } from './search-export-params';

const locationIds = Array.from(
  { length: 120 },
  (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
);

describe('the search criteria as export params', () => {
  it('come back as the same criteria, whatever the number of locations and custom fields', () => {
    const criteria = {
      start_date: '2026-11-01T00:00:00.000Z',
      end_date: '2026-11-22T23:59:59.999Z',
      customer_last_name: 'Lovelace',
      account: '4242',
      transaction_type: 'charge',
      payment_type: 'card',
      amount_min: '10.5',
      amount_max: 99,
      status: 'Approved',
      location_ids: locationIds,
      custom_fields: { invoice: 'A-1', 'Order number': '7' },
    } as const;
    const params = searchExportParamsOf(criteria);
    // Each param fits the export request's limits.
    expect(
      exportRequestBody.safeParse({ format: 'csv', params, columns: ['id'], time_zone: 'UTC' }).success,
    ).toBe(true);
    expect(params).toMatchObject({
      amount_min: '10.5',
      amount_max: '99',
      'location_ids.119': locationIds[119],
    });
    expect(searchRequestBody.parse(searchCriteriaOfExportParams(params))).toEqual(
      searchRequestBody.parse(criteria),
    );
  });

  it('keep a param they do not know, so the strict criteria refuse it', () => {
    const params = { start_date: '2026-11-01T00:00:00.000Z', end_date: '2026-11-02T00:00:00.000Z' };
    expect(
      searchRequestBody.safeParse(searchCriteriaOfExportParams({ ...params, colour: 'red' })).success,
    ).toBe(false);
    expect(
      searchRequestBody.safeParse(searchCriteriaOfExportParams({ ...params, 'custom_fields.0.name': 'x' }))
        .success,
    ).toBe(false);
    expect(
      searchRequestBody.safeParse(
        searchCriteriaOfExportParams({
          ...params,
          'custom_fields.0.name': 'x',
          'custom_fields.0.value': '1',
          'custom_fields.1.name': 'x',
          'custom_fields.1.value': '2',
        }),
      ).success,
    ).toBe(false);
  });
});
