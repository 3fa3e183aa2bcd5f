import type { SubpricingRow } from '@portico/contracts/clients/subpricing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { AccountSubpricing } from './account-subpricing';

const parentId = '5b2e1d0c-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

const coffeeRow: SubpricingRow = {
  id: '00000000-0000-4000-8000-0000000000a1',
  client_id: parentId,
  label: 'Coffee',
  mccCode: '5814',
  mcc_description: 'Fast food',
  base_card_rate: '2.50+0.10',
  card_rate: '2.90+0.30',
  ach_rate: null,
  crypto_rate: null,
  card_p2c: false,
  ach_p2c: false,
  crypto_p2c: false,
  avg_ticket: '14.50',
  high_ticket: null,
  low_rate: null,
  etf: null,
  reg_fee: null,
  pci_fee: null,
  monthly_fee: null,
  monthly_minimum: null,
  annual_fee: null,
  chargeback_fee: null,
  ach_return: null,
  tax_rate: null,
  updated_at: '2026-11-25T10:00:00.000Z',
};

describe('AccountSubpricing (the account page, spec 2 §2.2 subpricing)', () => {
  it("lets staff edit this client's rows and save them, without the copy-from control", async () => {
    const fetchMock = stubFetch({
      'GET /api/client/subpricing': ok([coffeeRow]),
      'POST /api/subpricing': ok({ ...coffeeRow, avg_ticket: '20.00' }),
    });
    renderFeature(<AccountSubpricing clientId={parentId} />, { role: 'admin' });
    const avg = await screen.findByRole('textbox', { name: 'Avg Ticket 5814' });
    await userEvent.clear(avg);
    await userEvent.type(avg, '20.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save Subpricing' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Information Saved');
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({
      client_id: parentId,
      mcc_code: '5814',
      avg_ticket: '20.00',
    });
    expect(requestedPaths(fetchMock)).toContain(
      `GET /api/client/subpricing?apikey=login&clientid=${parentId}`,
    );
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('shows a parent its rows to read, with no Save or add form', async () => {
    stubFetch({ 'GET /api/client/subpricing': ok([coffeeRow]) });
    renderFeature(<AccountSubpricing clientId={parentId} />, { role: 'parent' });
    const table = await screen.findByRole('table', { name: 'Sub-pricing' });
    expect(within(table).getByText('2.90+0.30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Subpricing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Subpricing' })).toBeNull();
  });
});
