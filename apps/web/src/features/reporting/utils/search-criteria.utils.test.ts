import { describe, expect, it } from 'vitest';
import {
  boxToTickAfterTyping,
  criteriaOfSearchForm,
  decodeSearchQueryParam,
  emptySearchForm,
  encodeSearchQueryParam,
  type SearchFormValues,
  searchFormOfCriteria,
} from './search-criteria.utils';

function formWith(changes: (values: SearchFormValues) => void): SearchFormValues {
  const values = emptySearchForm('2026-11-01', '2026-11-22');
  changes(values);
  return values;
}

describe('criteriaOfSearchForm', () => {
  it('always sends the dates, from 00:00:00.000 to 23:59:59.999 UTC', () => {
    expect(criteriaOfSearchForm(emptySearchForm('2026-11-01', '2026-11-22'))).toEqual({
      isValid: true,
      criteria: { start_date: '2026-11-01T00:00:00.000Z', end_date: '2026-11-22T23:59:59.999Z' },
    });
  });

  it('requires both dates', () => {
    expect(criteriaOfSearchForm(emptySearchForm('', '2026-11-22'))).toMatchObject({
      isValid: false,
      message: 'Start and end dates are required',
    });
  });

  it('sends only criteria whose Use box is ticked and that are filled', () => {
    const check = criteriaOfSearchForm(
      formWith((values) => {
        values.criteria.customer_last_name = { use: true, value: ' Lovelace ' };
        // Filled but not ticked.
        values.criteria.customer_email = { use: false, value: 'ada@example.com' };
        // Ticked but empty.
        values.criteria.status = { use: true, value: '   ' };
        values.criteria.amount_min = { use: true, value: '10.5' };
      }),
    );
    expect(check).toEqual({
      isValid: true,
      criteria: {
        start_date: '2026-11-01T00:00:00.000Z',
        end_date: '2026-11-22T23:59:59.999Z',
        customer_last_name: 'Lovelace',
        amount_min: '10.50',
      },
    });
  });

  it('sends custom fields only when they are filled', () => {
    const check = criteriaOfSearchForm(
      formWith((values) => {
        values.customFields = [
          { name: 'Clinic Location', value: 'Harbor' },
          { name: 'Patient Number', value: ' ' },
        ];
      }),
    );
    expect(check.isValid && check.criteria.custom_fields).toEqual({ 'Clinic Location': 'Harbor' });
  });

  it('refuses what the server would refuse, naming the field', () => {
    expect(
      criteriaOfSearchForm(formWith((values) => (values.criteria.account = { use: true, value: '12' }))),
    ).toEqual({ isValid: false, message: 'Account must be the last 4 digits', field: 'account' });
    expect(criteriaOfSearchForm(emptySearchForm('2026-11-23', '2026-11-22'))).toEqual({
      isValid: false,
      message: 'Start date must be on or before end date',
      field: 'end_date',
    });
  });
});

describe('the q parameter', () => {
  const criteria = {
    start_date: '2026-11-01T00:00:00.000Z',
    end_date: '2026-11-22T23:59:59.999Z',
    customer_email: 'ada@example.com',
    transaction_type: 'charge' as const,
    amount_max: '99.00',
    custom_fields: { 'Clinic Location': 'Harbor' },
  };

  it('restores the same criteria from a shared url', () => {
    const url = new URL('http://portal.test/app/reporting/search');
    url.searchParams.set('q', encodeSearchQueryParam(criteria));
    const shared = new URL(url.toString());
    expect(decodeSearchQueryParam(shared.searchParams.get('q'))).toEqual(criteria);
  });

  it('ignores a q that is missing, not JSON, or not a search', () => {
    expect(decodeSearchQueryParam(null)).toBeNull();
    expect(decodeSearchQueryParam('{not json')).toBeNull();
    expect(decodeSearchQueryParam(JSON.stringify({ start_date: 'yesterday' }))).toBeNull();
    expect(decodeSearchQueryParam(JSON.stringify({ ...criteria, drop_table: true }))).toBeNull();
  });

  const defaults = { startDate: '2026-11-15', endDate: '2026-11-22', customFieldNames: ['Patient Number'] };

  it('fills the form again for Refine Search', () => {
    const values = searchFormOfCriteria(criteria, defaults);
    expect(values.startDate).toBe('2026-11-01');
    expect(values.endDate).toBe('2026-11-22');
    expect(values.criteria.customer_email).toEqual({ use: true, value: 'ada@example.com' });
    expect(values.criteria.customer_first_name).toEqual({ use: false, value: '' });
    expect(values.customFields).toEqual([
      { name: 'Patient Number', value: '' },
      { name: 'Clinic Location', value: 'Harbor' },
    ]);
    expect(criteriaOfSearchForm(values)).toEqual({ isValid: true, criteria });
  });

  it('starts an empty form on the default dates with the merchant custom fields', () => {
    const values = searchFormOfCriteria(null, defaults);
    expect(values.startDate).toBe('2026-11-15');
    expect(values.customFields).toEqual([{ name: 'Patient Number', value: '' }]);
  });
});

describe('boxToTickAfterTyping', () => {
  it('names the Use box of a criterion or the locations once they hold something', () => {
    const typed = formWith((values) => {
      values.criteria.customer_last_name.value = 'Lovelace';
      values.locations.ids = ['33333333-3333-4333-8333-333333333332'];
    });
    expect(boxToTickAfterTyping('criteria.customer_last_name.value', typed)).toBe(
      'criteria.customer_last_name.use',
    );
    expect(boxToTickAfterTyping('locations.ids', typed)).toBe('locations.use');
  });

  it('names none for an emptied field, the dates, a Use box itself or an unknown name', () => {
    const blank = formWith((values) => {
      values.criteria.customer_last_name.value = '  ';
    });
    expect(boxToTickAfterTyping('criteria.customer_last_name.value', blank)).toBeNull();
    expect(boxToTickAfterTyping('locations.ids', blank)).toBeNull();
    expect(boxToTickAfterTyping('startDate', blank)).toBeNull();
    expect(boxToTickAfterTyping('criteria.customer_last_name.use', blank)).toBeNull();
    expect(boxToTickAfterTyping('criteria.nothing.value', blank)).toBeNull();
    expect(boxToTickAfterTyping(undefined, blank)).toBeNull();
  });
});
