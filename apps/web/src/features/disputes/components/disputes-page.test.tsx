import { ExportText } from '@portico/contracts/exports/exports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { openRow, wonRow } from '../test/dispute-fixtures';
import { DisputesPage } from './disputes-page';

afterEach(() => vi.unstubAllGlobals());

const queuedExport = {
  id: '00000000-0000-4000-8000-00000000e0e0',
  grid: 'disputes',
  title: 'Disputes',
  format: 'xlsx',
  status: 'queued',
  rows_written: 0,
  rows_total: null,
  byte_size: null,
  file_name: 'Disputes 2026-07-01.xlsx',
  error: null,
  created_at: '2026-07-01T14:05:00.000Z',
  finished_at: null,
  expires_at: null,
};

function OpenedDispute() {
  const { id } = useParams();
  return <p>Opened dispute {id}</p>;
}

function renderPage(path = '/disputes', role: 'user' | 'admin' = 'user') {
  const fetchMock = stubFetch({
    '/api/disputes': ok([openRow, wonRow]),
    '/api/timezone': ok([['UTC', 'UTC']]),
    '/api/user/grid-config': ok(null),
    '/api/user/grid-config/names': ok([]),
    'POST /api/exports/disputes': ok(queuedExport),
  });
  renderFeature(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/disputes" element={<DisputesPage />} />
        <Route path="/disputes/:id" element={<OpenedDispute />} />
      </Routes>
    </MemoryRouter>,
    { role },
  );
  return fetchMock;
}

async function rowOf(text: string) {
  const grid = await screen.findByRole('grid', { name: 'Disputes' });
  const row = (await within(grid).findByText(text)).closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error('no row');
  return row;
}

describe('DisputesPage', () => {
  it('shows each dispute with its status and reason in words, signed money and the card', async () => {
    renderPage();
    const open = await rowOf('Dana Reyes');
    expect(within(open).getByText('Needs response')).toBeInTheDocument();
    expect(within(open).getByText('-$100.66')).toBeInTheDocument();
    expect(within(open).getByText('Product not received')).toBeInTheDocument();
    expect(within(open).getByText('VISA ending in 1111')).toBeInTheDocument();
    expect(within(open).getByText('2099-05-21 09:00:00 UTC')).toBeInTheDocument();
    const won = await rowOf('Lee Park');
    expect(within(won).getByText('Won')).toBeInTheDocument();
    expect(within(won).getByText('-$1,234.50')).toBeInTheDocument();
    expect(within(won).getByText('Duplicate charge')).toBeInTheDocument();
    expect(within(won).getByText('MC ending in 4444')).toBeInTheDocument();
    // A merchant user reads its own merchant's disputes: no merchant picker.
    expect(screen.queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
  });

  it('opens the dispute on a single click of its row', async () => {
    renderPage();
    await userEvent.click(within(await rowOf('Dana Reyes')).getByText('Needs response'));
    expect(await screen.findByText(`Opened dispute ${openRow.id}`)).toBeInTheDocument();
  });

  it('asks for the status in the address (Home links to Needs response), and offers staff the merchant', async () => {
    const fetchMock = renderPage('/disputes?status=needs_response', 'admin');
    await rowOf('Dana Reyes');
    expect(requestedPaths(fetchMock)).toContain('GET /api/disputes?status=needs_response');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Needs response');
    expect(screen.getByRole('combobox', { name: 'Merchant' })).toBeInTheDocument();
  });

  it("asks for the merchant in the address (Risk's dispute ratios link to it) and names it in the picker", async () => {
    const fetchMock = renderPage(`/disputes?merchant=${openRow.merchant_id}`, 'admin');
    await rowOf('Dana Reyes');
    expect(requestedPaths(fetchMock)).toContain(`GET /api/disputes?merchant_id=${openRow.merchant_id}`);
    expect(screen.getByRole('combobox', { name: 'Merchant' })).toHaveValue(openRow.merchant_name);
  });

  it("offers 'All matching rows', asking the server to export the grid's status and visible columns", async () => {
    const fetchMock = renderPage('/disputes?status=needs_response');
    await rowOf('Dana Reyes');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    // The menu opens in a portal whose transition jsdom does not run.
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Excel (.xlsx), by the server', hidden: true }),
    );
    expect(await screen.findByText(ExportText.Requested, { exact: false })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(
      ([input, init]) => String(input).includes('/api/exports/disputes') && init?.method === 'POST',
    );
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toMatchObject({ format: 'xlsx', params: { status: 'needs_response' }, time_zone: 'UTC' });
    expect(body.columns).toEqual([
      'status',
      'amount',
      'respond_by',
      'days_left',
      'category',
      'card',
      'customer',
      'opened_at',
    ]);
  });
});
