import type { SearchCriteria } from '@portico/contracts/transactions/search';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { emptySearchForm } from '../utils/search-criteria.utils';
import { SearchForm } from './search-form';

const merchantId = '22222222-2222-4222-8222-222222222222';
const userId = '44444444-4444-4444-8444-444444444444';
const uptownId = '33333333-3333-4333-8333-333333333332';

function renderForm() {
  stubFetch({
    [`/api/rbac/${merchantId}/users/${userId}/sub-entities`]: ok([
      { id: uptownId, name: 'Harbor Lane Uptown' },
    ]),
  });
  const onSearch = vi.fn<(criteria: SearchCriteria) => void>();
  renderFeature(
    <SearchForm
      initialValues={emptySearchForm('2026-11-01', '2026-11-22')}
      merchantOptions={[]}
      ownMerchantId={merchantId}
      userId={userId}
      onSearch={onSearch}
    />,
  );
  return { form: screen.getByRole('form', { name: 'Transaction search' }), onSearch };
}

describe('SearchForm Use boxes', () => {
  it('ticks a field’s Use box as soon as something is typed into it, and searches by it', async () => {
    const { form, onSearch } = renderForm();
    const useLastName = within(form).getByRole('checkbox', { name: 'Use Last Name' });
    expect(useLastName).not.toBeChecked();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
    expect(useLastName).toBeChecked();
    // Other boxes stay as they were.
    expect(within(form).getByRole('checkbox', { name: 'Use First Name' })).not.toBeChecked();

    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ customer_last_name: 'Lovelace' }));
  });

  it('leaves an unticked box alone once the person unticks it, and the field out of the search', async () => {
    const { form, onSearch } = renderForm();
    const firstName = within(form).getByRole('textbox', { name: 'First Name' });
    await userEvent.type(firstName, 'Ad');
    const useFirstName = within(form).getByRole('checkbox', { name: 'Use First Name' });
    await userEvent.click(useFirstName);
    expect(useFirstName).not.toBeChecked();

    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith(expect.not.objectContaining({ customer_first_name: 'Ad' }));
  });

  it('ticks the box of a picked select value', async () => {
    const { form } = renderForm();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Transaction Type' }));
    const [firstType] = await screen.findAllByRole('option', { hidden: true });
    if (!firstType) throw new Error('no transaction type offered');
    await userEvent.click(firstType);
    expect(within(form).getByRole('checkbox', { name: 'Use Transaction Type' })).toBeChecked();
  });

  it('ticks the Location box once a location is chosen', async () => {
    const { form } = renderForm();
    await userEvent.click(await within(form).findByRole('combobox', { name: 'Location' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Lane Uptown', hidden: true }));
    expect(within(form).getByRole('checkbox', { name: 'Use Location' })).toBeChecked();
  });
});
