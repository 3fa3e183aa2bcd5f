import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import type { MerchantGridRow } from '@portico/contracts/clients/client-lists';
import { buildSubpricingRow } from '@portico/contracts/clients/subpricing.factory';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { MerchantsPage } from './merchants-page';

const primaryId = '00000000-0000-4000-8000-000000000001';
const harborId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

function merchant(id: string, name: string, overrides: Partial<MerchantGridRow> = {}): MerchantGridRow {
  return {
    id,
    name,
    parent: 'Summit Merchant Services',
    legal_name: `${name} LLC`,
    dba_name: name,
    config: { enabled: true, payment: 'fis', ach: null },
    updated_at: '2026-11-20T10:00:00.000Z',
    level: 'Merchant',
    parent_id: null,
    mcc_code: '5814',
    created_at: '2026-01-20T10:00:00.000Z',
    ...overrides,
  };
}

const coffeeRow = buildSubpricingRow({ client_id: harborId });

function AccountTarget() {
  const { clientid } = useParams();
  return <p>Account {clientid}</p>;
}

function renderPage(role: 'admin' | 'user', defaultClientId: string) {
  return renderFeature(
    <MemoryRouter initialEntries={['/merchants']}>
      <Routes>
        <Route path="/merchants" element={<MerchantsPage />} />
        <Route path="/account/:clientid" element={<AccountTarget />} />
      </Routes>
    </MemoryRouter>,
    { role, user: buildSessionUser({ user_type: role, defaultClientId }) },
  );
}

const gridAnswers = {
  '/api/timezone': ok([['UTC', 'UTC']]),
  '/api/user/grid-config/merchants': ok(null),
  '/api/user/grid-config-names/merchants': ok([]),
  '/api/client/all': ok([merchant(harborId, 'Harbor Lane Coffee'), merchant(primaryId, 'Portico Payments')]),
};

describe('MerchantsPage', () => {
  it('lists the merchants and opens one on a click', async () => {
    stubFetch({ ...gridAnswers, '/api/client/subpricing': ok([coffeeRow]) });
    renderPage('user', harborId);
    const row = await screen.findByRole('row', { name: /Harbor Lane Coffee/ });
    expect(row).toHaveTextContent('Summit Merchant Services');
    expect(row).toHaveTextContent('FIS');
    // A merchant user reads the sub-pricing of its own client, without edit controls.
    const table = await screen.findByRole('table', { name: 'Sub-pricing' });
    expect(within(table).getByText('2.90+0.30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Subpricing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    await userEvent.click(row);
    expect(await screen.findByText(`Account ${harborId}`)).toBeInTheDocument();
  });

  it('narrows the grid with the search box above it, word by word, and clears it', async () => {
    stubFetch({ ...gridAnswers, '/api/client/subpricing': ok([coffeeRow]) });
    renderPage('user', harborId);
    const grid = await screen.findByRole('grid', { name: 'Merchants' });
    expect(await within(grid).findByRole('row', { name: /Portico Payments/ })).toBeInTheDocument();
    // The id column is one click away, not shown by default.
    expect(within(grid).queryByText(harborId)).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search merchants' }), 'harbor llc');
    expect(within(grid).queryByRole('row', { name: /Portico Payments/ })).not.toBeInTheDocument();
    expect(within(grid).getByRole('row', { name: /Harbor Lane Coffee/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await within(grid).findByRole('row', { name: /Portico Payments/ })).toBeInTheDocument();
  });

  it("lets staff save a client's sub-pricing ('Information Saved') and copy from another client", async () => {
    const fetchMock = stubFetch({
      ...gridAnswers,
      'GET /api/client/subpricing': ok([coffeeRow]),
      'POST /api/subpricing': ok({ ...coffeeRow, high_ticket: '250.00' }),
    });
    renderPage('admin', harborId);
    await userEvent.type(await screen.findByRole('textbox', { name: 'High Ticket 5814' }), '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save Subpricing' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Information Saved');
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({
      client_id: harborId,
      mcc_code: '5814',
      high_ticket: '250',
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(
      `GET /api/client/subpricing?apikey=login&clientid=${harborId}`,
    );
  });

  it('hides the copy-from control for the primary platform client', async () => {
    stubFetch({ ...gridAnswers, '/api/client/subpricing': ok([]) });
    renderPage('admin', primaryId);
    expect(await screen.findByText('No sub-pricing for this client.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Subpricing' })).toBeInTheDocument();
  });
});
