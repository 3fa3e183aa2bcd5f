import { SubpricingText } from '@portico/contracts/clients/subpricing';
import { buildSubpricingRow } from '@portico/contracts/clients/subpricing.factory';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { AccountSubpricing } from './account-subpricing';

const parentId = '5b2e1d0c-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

const coffeeRow = buildSubpricingRow({ client_id: parentId });

describe('AccountSubpricing (the account page subpricing)', () => {
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

  it('edits every fee of an MCC code under Fees, money with a dollar sign, pass to consumer as Enabled/Disabled', async () => {
    const fetchMock = stubFetch({
      'GET /api/client/subpricing': ok([coffeeRow]),
      'POST /api/subpricing': ok({ ...coffeeRow, etf: '250.00', card_p2c: true }),
    });
    renderFeature(<AccountSubpricing clientId={parentId} />, { role: 'admin' });
    const p2c = await screen.findByRole('combobox', { name: 'Card P2C 5814' });
    expect(p2c).toHaveValue('disabled');
    await userEvent.selectOptions(p2c, 'Enabled');
    await userEvent.click(screen.getByRole('button', { name: 'Show fees of MCC 5814' }));
    for (const label of [
      'Low Rate',
      'ETF',
      'Registration Fee',
      'PCI Fee',
      'Monthly Fee',
      'Monthly Minimum',
      'Annual Fee',
      'Chargeback Fee',
      'ACH Return',
      'Tax Rate (%)',
    ]) {
      expect(screen.getByRole('textbox', { name: `${label} 5814` })).toBeInTheDocument();
    }
    await userEvent.type(screen.getByRole('textbox', { name: 'ETF 5814' }), '250');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tax Rate (%) 5814' }), '8.25');
    await userEvent.click(screen.getByRole('button', { name: 'Save Subpricing' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Information Saved');
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({
      mcc_code: '5814',
      etf: '250',
      tax_rate: '8.25',
      card_p2c: true,
    });
  });

  it('shows a fee breaking its rule with its message and sends nothing', async () => {
    const fetchMock = stubFetch({ 'GET /api/client/subpricing': ok([coffeeRow]) });
    renderFeature(<AccountSubpricing clientId={parentId} />, { role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show fees of MCC 5814' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Monthly Fee 5814' }), '9.999');
    await userEvent.click(screen.getByRole('button', { name: 'Save Subpricing' }));
    expect(await screen.findByText('Amount must be a number with at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(SubpricingText.FixMarked);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('reads fees as money and pass to consumer in words to a parent', async () => {
    stubFetch({
      'GET /api/client/subpricing': ok([
        buildSubpricingRow({ client_id: parentId, etf: '500.00', card_p2c: true }),
      ]),
    });
    renderFeature(<AccountSubpricing clientId={parentId} />, { role: 'parent' });
    const table = await screen.findByRole('table', { name: 'Sub-pricing' });
    expect(within(table).getByText('Enabled')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Show fees of MCC 5814' }));
    expect(within(table).getByText('$500.00')).toBeInTheDocument();
  });
});
