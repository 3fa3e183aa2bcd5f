import type { GlobalSearchGroup } from '@portico/contracts/search/global-search';
import { GlobalSearchText } from '@portico/contracts/search/global-search-text';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, readyDatabase, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { internalAdmin, signedInAnswers } from '../../../test/session-stubs';

const copperId = '0b6f9f5e-3a41-4d3c-9c39-3f7f3f4b2a10';
const customerId = '7a2d1c3b-5e4f-4a6b-8c9d-0e1f2a3b4c5d';
const transactionId = '4f3c2b1a-1111-4222-8333-944455556666';

const groups: GlobalSearchGroup[] = [
  {
    kind: 'merchants',
    hits: [
      {
        kind: 'merchants',
        id: copperId,
        title: 'Copper Kettle Bistro',
        detail: 'Merchant · Copper Kettle Restaurant Group LLC',
        merchant_id: null,
        occurred_at: null,
        page_search: null,
      },
    ],
  },
  {
    kind: 'transactions',
    hits: [
      {
        kind: 'transactions',
        id: transactionId,
        title: '$24.50 · VISA ending 1117',
        detail: 'Card sale · Approved · Copper Kettle Bistro',
        merchant_id: copperId,
        occurred_at: '2025-09-02T15:00:00.000Z',
        page_search: null,
      },
    ],
  },
  {
    kind: 'customers',
    hits: [
      {
        kind: 'customers',
        id: customerId,
        title: 'Casey Copperfield',
        detail: 'casey@copper.example · Copper Kettle Bistro',
        merchant_id: copperId,
        occurred_at: null,
        page_search: 'casey@copper.example',
      },
    ],
  },
];

function renderWithSearch() {
  const fetchMock = stubFetch({
    ...signedInAnswers(internalAdmin),
    '/readyz': readyDatabase,
    'GET /api/timezone': ok([['UTC', 'UTC']]),
    '/api/search': ok({ groups }),
  });
  return { fetchMock, ...renderApp('/home') };
}

async function openWithShortcut() {
  await screen.findByTestId('header-search');
  await userEvent.keyboard('{Control>}k{/Control}');
  return screen.findByRole('combobox', { name: GlobalSearchText.Label });
}

describe('global search dialog', () => {
  it('opens on Ctrl-K, groups the answer by kind under the pages, and Enter opens the active row', async () => {
    const { fetchMock, router } = renderWithSearch();
    const input = await openWithShortcut();
    await userEvent.type(input, 'co');

    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    await within(listbox).findByRole('option', { name: /Copper Kettle Bistro Merchant/ });
    const groupTitles = within(listbox)
      .getAllByRole('group')
      .map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(groupTitles).toEqual(['Pages', 'Merchants', 'Transactions', 'Customers']);
    expect(within(listbox).getByRole('group', { name: 'Pages' })).toHaveTextContent('Costing');
    // The payment's time in the user's zone, the zone named.
    expect(screen.getByText('2025-09-02 15:00:00 UTC')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('GET /api/search?q=co');

    // Pages first (Costing), then the merchant: two steps down.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Copper Kettle Bistro');
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/account/${copperId}`));
    expect(screen.queryByRole('combobox', { name: GlobalSearchText.Label })).not.toBeInTheDocument();
  });

  it('walks up from the top to the last row, and opens a customer on its vault page', async () => {
    const { router } = renderWithSearch();
    const input = await openWithShortcut();
    await userEvent.type(input, 'casey');
    await screen.findByRole('option', { name: /Casey Copperfield/ });
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Casey Copperfield');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/vault'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('merchant')).toBe(copperId);
    expect(params.get('search')).toBe('casey@copper.example');
  });

  it("keeps the keyboard's option when the list appears under a resting pointer, and a moving pointer picks", async () => {
    renderWithSearch();
    const input = await openWithShortcut();
    await userEvent.type(input, 'casey');
    const customer = await screen.findByRole('option', { name: /Casey Copperfield/ });
    await userEvent.keyboard('{ArrowDown}');
    const keyed = screen.getByRole('option', { selected: true });
    fireEvent.mouseEnter(customer);
    expect(screen.getByRole('option', { selected: true })).toBe(keyed);
    fireEvent.mouseMove(customer);
    expect(screen.getByRole('option', { selected: true })).toBe(customer);
  });

  it('opens a transaction on the transaction search narrowed to it', async () => {
    const { router } = renderWithSearch();
    await userEvent.click(await screen.findByTestId('header-search'));
    const input = await screen.findByRole('combobox', { name: GlobalSearchText.Label });
    await userEvent.type(input, '1117 24.50');
    await userEvent.click(await screen.findByRole('option', { name: /\$24\.50/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/reporting/search'));
    const criteria = JSON.parse(new URLSearchParams(router.state.location.search).get('q') ?? '{}');
    expect(criteria).toMatchObject({ transaction_id: transactionId, merchant_id: copperId });
  });

  it('closes on Esc and says when nothing is found', async () => {
    stubFetch({
      ...signedInAnswers(internalAdmin),
      '/readyz': readyDatabase,
      'GET /api/timezone': ok([['UTC', 'UTC']]),
      '/api/search': ok({ groups: [] }),
    });
    renderApp('/home');
    const input = await openWithShortcut();
    await userEvent.type(input, 'zzqx');
    expect(await screen.findByText(GlobalSearchText.NothingFound)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: GlobalSearchText.Label })).not.toBeInTheDocument(),
    );
  });
});
