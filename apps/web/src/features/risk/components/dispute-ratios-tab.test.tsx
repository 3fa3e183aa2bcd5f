import { notifications } from '@mantine/notifications';
import { type DisputeRatios, DisputeRatioText } from '@portico/contracts/risk/dispute-ratio';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { DisputeRatiosTab } from './dispute-ratios-tab';

const alder = '00000000-0000-4000-8000-0000000000a1';
const birch = '00000000-0000-4000-8000-0000000000a2';
const now = new Date('2026-05-20T12:00:00.000Z');

const may: DisputeRatios = {
  month: '2026-05',
  threshold: '0.90',
  rows: [
    {
      merchant_id: alder,
      merchant_name: 'Alder Outfitters',
      disputes: 1,
      card_sales: 100,
      ratio: '1.00',
      is_flagged: true,
      notes: 0,
    },
    {
      merchant_id: birch,
      merchant_name: 'Birch Books',
      disputes: 2,
      card_sales: 0,
      ratio: null,
      is_flagged: true,
      notes: 1,
    },
  ],
};

function DisputesAt() {
  const location = useLocation();
  return <p>Disputes page at {`${location.pathname}${location.search}`}</p>;
}

function renderTab(routes: Record<string, ReturnType<typeof ok>> = {}) {
  const fetchMock = stubFetch({
    '/api/risk/dispute-ratios': ok(may),
    '/api/user/grid-config': ok(null),
    '/api/user/grid-config/names': ok([]),
    ...routes,
  });
  renderFeature(
    <MemoryRouter initialEntries={['/risk']}>
      <Routes>
        <Route path="/risk" element={<DisputeRatiosTab timeZone="UTC" now={now} />} />
        <Route path="/disputes" element={<DisputesAt />} />
      </Routes>
    </MemoryRouter>,
    { role: 'admin' },
  );
  return fetchMock;
}

async function rowOf(text: string) {
  const grid = await screen.findByRole('grid', { name: 'Dispute ratios' });
  const row = (await within(grid).findByText(text)).closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error('no row');
  return row;
}

beforeEach(() => notifications.clean());

describe('DisputeRatiosTab', () => {
  it("shows each merchant's disputes, card sales, ratio and flag for the month", async () => {
    const fetchMock = renderTab();
    const alderRow = await rowOf('Alder Outfitters');
    expect(within(alderRow).getByText('1.00%')).toBeInTheDocument();
    expect(within(alderRow).getByText(DisputeRatioText.Flagged)).toBeInTheDocument();
    const birchRow = await rowOf('Birch Books');
    expect(within(birchRow).getByText(DisputeRatioText.NoSales)).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('GET /api/risk/dispute-ratios?month=2026-05');
    expect(screen.getByLabelText(DisputeRatioText.Threshold)).toHaveValue('0.90');
  });

  it('links each merchant to the Disputes page filtered to it', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('link', { name: 'Alder Outfitters' }));
    expect(await screen.findByText(`Disputes page at /disputes?merchant=${alder}`)).toBeInTheDocument();
  });

  it('refuses a threshold out of range and saves a good one', async () => {
    const fetchMock = renderTab({ 'PUT /api/risk/dispute-ratio-threshold': ok({ threshold: '1.50' }) });
    const input = await screen.findByLabelText(DisputeRatioText.Threshold);
    await userEvent.clear(input);
    await userEvent.type(input, '101');
    expect(screen.getByText(DisputeRatioText.ThresholdInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DisputeRatioText.ThresholdSaved)).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('PUT /api/risk/dispute-ratio-threshold');
  });

  it("opens the merchant's risk notes and adds one as a risk note", async () => {
    const fetchMock = renderTab({
      '/api/notes': ok([
        {
          id: '00000000-0000-4000-8000-0000000000c1',
          comment: 'Asked for delivery proofs.',
          created_at: '2026-05-10T10:00:00.000Z',
          enrollment_id: null,
          client_id: birch,
          origin: 'Portal',
          category: 'risk',
          domain: null,
          sub_domain: null,
          is_event: false,
          data: null,
          author: 'Avery Admin',
        },
        {
          id: '00000000-0000-4000-8000-0000000000c2',
          comment: 'Sent the welcome pack.',
          created_at: '2026-05-09T10:00:00.000Z',
          enrollment_id: null,
          client_id: birch,
          origin: 'Portal',
          category: 'operations',
          domain: null,
          sub_domain: null,
          is_event: false,
          data: null,
          author: 'Avery Admin',
        },
      ]),
      'POST /api/notes': ok({
        id: '00000000-0000-4000-8000-0000000000c3',
        comment: 'Watching June.',
        created_at: '2026-05-20T12:00:00.000Z',
        enrollment_id: null,
        client_id: birch,
        origin: 'Portal',
        category: 'risk',
        domain: null,
        sub_domain: null,
        is_event: false,
        data: null,
        author: 'Avery Admin',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notes of Birch Books (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Asked for delivery proofs.')).toBeInTheDocument();
    // Only risk review's own notes.
    expect(within(dialog).queryByText('Sent the welcome pack.')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Watching June.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain('POST /api/notes'));
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({
      client_id: birch,
      comment: 'Watching June.',
      category: 'risk',
    });
  });
});
