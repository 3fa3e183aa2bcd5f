import { sampleIds } from '@portico/contracts/access/session-user.factory';
import type { SeriesChargeLocations, SubscriptionRow } from '@portico/contracts/subscriptions/subscriptions';
import { SubscriptionEndReasonText, SubscriptionText } from '@portico/contracts/subscriptions/subscriptions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, type StubbedAnswer } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { RecurringText } from '../utils/recurring-text';
import { RecurringChargesPage } from './recurring-charges-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const merchant = sampleIds.defaultClient;
const activeSeries: SubscriptionRow = {
  id: '00000000-0000-4000-8000-0000000000c1',
  client_id: merchant,
  merchant_name: 'Corner Coffee',
  status: 'true',
  status_label: 'Active',
  email: 'pat@customer.example',
  amount: '19.99',
  start: '2026-06-01',
  end: null,
  first_charge: '2026-06-01',
  next: '2099-07-01',
  cycles: 6,
  cycles_remaining: 4,
  cycles_completed: 2,
  interval: 'monthly',
  frequency: 1,
  trial_days: 0,
  token: '1111-12-2030',
  description: null,
  end_reason: null,
  ended_at: null,
  failed_charges: 1,
  last_failed_charge: '2026-06-15',
  next_amount: null,
  created_at: '2026-06-01T12:00:00.000Z',
};
const endedSeries: SubscriptionRow = {
  ...activeSeries,
  id: '00000000-0000-4000-8000-0000000000c2',
  status: 'false',
  status_label: 'Inactive',
  next: null,
  email: 'lee@customer.example',
  end_reason: 'Ended by merchant',
  ended_at: '2026-06-20T12:00:00.000Z',
  failed_charges: 0,
  last_failed_charge: null,
};

const written = (subscription: SubscriptionRow) => ok({ text: 'done', subscription });

type Write = { method: string; path: string; body: unknown };

// Answers by path; writes are recorded with their bodies.
// rowsAfterWrite: what the list answers once a write went through (the series as changed).
function stubServer(
  writes: Record<string, StubbedAnswer>,
  rows: SubscriptionRow[] = [activeSeries, endedSeries],
  rowsAfterWrite: SubscriptionRow[] = rows,
  userTimeZone = 'UTC',
  chargeLocations: SeriesChargeLocations = { locations: [], default_location_id: null },
) {
  const recorded: Write[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const answer = ((): StubbedAnswer => {
      if (method !== 'GET') {
        recorded.push({ method, path: url.pathname, body: JSON.parse(String(init?.body)) });
        const write = writes[`${method} ${url.pathname}`];
        if (!write) throw new Error(`Unexpected request ${method} ${url.pathname}`);
        return write;
      }
      if (url.pathname === '/api/subscription') return ok(recorded.length > 0 ? rowsAfterWrite : rows);
      if (url.pathname === '/api/subscription/charge-locations') return ok(chargeLocations);
      if (url.pathname === '/api/timezone') return ok([[userTimeZone, userTimeZone]]);
      if (url.pathname.startsWith('/api/user/grid-config'))
        return ok(url.pathname.includes('names') ? [] : null);
      throw new Error(`Unexpected request ${method} ${url.pathname}`);
    })();
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, recorded };
}

async function openSeries(email: string) {
  const grid = await screen.findByRole('grid', { name: RecurringText.PageTitle });
  await userEvent.click(await within(grid).findByText(email));
  return screen.findByRole('dialog', { name: RecurringText.ModalTitle });
}

describe('RecurringChargesPage', () => {
  it("shows a merchant's series with the status in words, signed money and days", async () => {
    const { fetchMock } = stubServer({});
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const grid = await screen.findByRole('grid', { name: RecurringText.PageTitle });
    for (const header of [
      'Status',
      'Email',
      'Amount',
      'First Charge',
      'Next Charge',
      'Cycles Remaining',
      'End Reason',
    ]) {
      expect(within(grid).getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    const active = (await within(grid).findByText('pat@customer.example')).closest('[role="row"]');
    if (!(active instanceof HTMLElement)) throw new Error('no row');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('$19.99')).toBeInTheDocument();
    expect(within(active).getByText('2099-07-01')).toBeInTheDocument();
    // The failed charge shows to the merchant.
    expect(within(active).getByText('2026-06-15')).toBeInTheDocument();
    const ended = within(grid).getByText('lee@customer.example').closest('[role="row"]');
    if (!(ended instanceof HTMLElement)) throw new Error('no row');
    expect(within(ended).getByText('Inactive')).toBeInTheDocument();
    expect(within(ended).getByText('Ended by merchant')).toBeInTheDocument();
    // A merchant user has no merchant selector and reads its own merchant.
    expect(screen.queryByRole('combobox', { name: RecurringText.ViewingFor })).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`GET /api/subscription?clientid=${merchant}`);
  });

  it("says 'Until cancelled' in the grid for a series without a count, as its modal does", async () => {
    const openEnded: SubscriptionRow = {
      ...activeSeries,
      id: '00000000-0000-4000-8000-0000000000c3',
      email: 'sam@customer.example',
      cycles: null,
      cycles_remaining: null,
    };
    stubServer({}, [activeSeries, openEnded]);
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const grid = await screen.findByRole('grid', { name: RecurringText.PageTitle });
    const row = (await within(grid).findByText('sam@customer.example')).closest('[role="row"]');
    if (!(row instanceof HTMLElement)) throw new Error('no row');
    expect(within(row).getByText('Until cancelled')).toBeInTheDocument();
    const counted = within(grid).getByText('pat@customer.example').closest('[role="row"]');
    if (!(counted instanceof HTMLElement)) throw new Error('no row');
    expect(within(counted).getByText('4')).toBeInTheDocument();
    expect(within(counted).queryByText('Until cancelled')).not.toBeInTheDocument();
  });

  it('offers staff the merchant selector', async () => {
    stubServer({});
    renderFeature(<RecurringChargesPage />, { role: 'admin' });
    expect(await screen.findByRole('combobox', { name: RecurringText.ViewingFor })).toBeInTheDocument();
  });

  it('offers an active series End, a charge now or at the next date, and no Reactivate', async () => {
    stubServer({});
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('pat@customer.example');
    expect(within(dialog).getByRole('button', { name: RecurringText.EndSeries })).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: RecurringText.ReactivateSeries }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Now' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Next scheduled charge' })).toBeInTheDocument();
    expect(within(dialog).getAllByText('•••• 1111, expires 12/2030')[0]).toBeInTheDocument();
  });

  it('offers an ended series Reactivate and a charge now, not End', async () => {
    stubServer({});
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('lee@customer.example');
    expect(within(dialog).getByRole('button', { name: RecurringText.ReactivateSeries })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: RecurringText.EndSeries })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Now' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: 'Next scheduled charge' })).not.toBeInTheDocument();
  });

  it('shows a processor-audit user the settings and no write controls', async () => {
    stubServer({});
    renderFeature(<RecurringChargesPage />, { role: 'admin', isProcessorAuditUser: true });
    const dialog = await openSeries('pat@customer.example');
    expect(within(dialog).getByText('pat@customer.example')).toBeInTheDocument();
    const buttons = within(dialog).queryAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual([
      'Close',
    ]);
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it("ends a series after the confirm with 'Ended by merchant', and says so", async () => {
    const { recorded } = stubServer({ 'PATCH /api/subscription/unsubscribe': written(activeSeries) });
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('pat@customer.example');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.EndSeries }));
    expect(recorded).toEqual([]);
    const panel = within(dialog).getByRole('group', { name: 'Confirmation' });
    await userEvent.click(within(panel).getByRole('button', { name: RecurringText.EndSeries }));
    expect(await screen.findByText(SubscriptionText.Ended)).toBeInTheDocument();
    expect(recorded).toEqual([
      {
        method: 'PATCH',
        path: '/api/subscription/unsubscribe',
        body: { subscription_id: activeSeries.id, reason: SubscriptionEndReasonText.EndedByMerchant },
      },
    ]);
  });

  it("says 'Error. Please try again.' when ending or reactivating fails", async () => {
    stubServer({
      'PATCH /api/subscription/unsubscribe': failure(
        409,
        'SUBSCRIPTION_ENDED',
        'This series has already ended.',
      ),
      'PATCH /api/subscription/reactivate': failure(500, 'INTERNAL', 'Something went wrong'),
    });
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    let dialog = await openSeries('pat@customer.example');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.EndSeries }));
    await userEvent.click(
      within(within(dialog).getByRole('group', { name: 'Confirmation' })).getByRole('button', {
        name: RecurringText.EndSeries,
      }),
    );
    expect(await screen.findByText(SubscriptionText.Error)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    dialog = await openSeries('lee@customer.example');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.ReactivateSeries }));
    expect(await screen.findAllByText(SubscriptionText.Error)).not.toHaveLength(0);
  });

  it('reactivates from a start date, refusing one in the past', async () => {
    const { recorded } = stubServer({ 'PATCH /api/subscription/reactivate': written(endedSeries) });
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('lee@customer.example');
    const startDate = within(dialog).getByLabelText('Start Date');
    await userEvent.clear(startDate);
    await userEvent.type(startDate, '2001-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.ReactivateSeries }));
    expect(await within(dialog).findByText(SubscriptionText.StartDateInPast)).toBeInTheDocument();
    expect(recorded).toEqual([]);
    await userEvent.clear(startDate);
    await userEvent.type(startDate, '2099-03-01');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.ReactivateSeries }));
    expect(await screen.findByText(SubscriptionText.Reactivated)).toBeInTheDocument();
    expect(recorded).toEqual([
      {
        method: 'PATCH',
        path: '/api/subscription/reactivate',
        body: { subscription_id: endedSeries.id, next: '2099-03-01' },
      },
    ]);
  });

  it('charges now with an idempotency key and reads data.status', async () => {
    const { recorded, fetchMock } = stubServer({
      'POST /api/charge': ok({
        id: '00000000-0000-4000-8000-0000000000d1',
        amount: '5.00',
        fee: '0.00',
        status: 'Approved',
        message: 'Approved',
        issuer: 'VISA',
        last4: '1111',
        created_at: '2026-07-01T12:00:00.000Z',
      }),
    });
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('pat@customer.example');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.234');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.AddCharge }));
    expect(await within(dialog).findByText(SubscriptionText.AmountNotValid)).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.AddCharge }));
    expect(await screen.findByText(SubscriptionText.PaymentSuccessful)).toBeInTheDocument();
    expect(recorded).toEqual([
      {
        method: 'POST',
        path: '/api/charge',
        body: { amount: '5.00', token: activeSeries.token, subscription_id: activeSeries.id },
      },
    ]);
    const chargeCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const headers = new Headers(chargeCall?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says 'Payment failed.' for a declined charge and '...Please try again.' for a failed call", async () => {
    stubServer({ 'POST /api/charge': failure(422, 'PAYMENT_DECLINED', 'Payment failed.') });
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('pat@customer.example');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.AddCharge }));
    expect(await screen.findByText(SubscriptionText.PaymentFailed)).toBeInTheDocument();
    vi.unstubAllGlobals();
    stubServer({ 'POST /api/charge': failure(500, 'INTERNAL', 'Something went wrong') });
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.AddCharge }));
    expect(await screen.findByText(SubscriptionText.PaymentFailedTryAgain)).toBeInTheDocument();
  });

  it('overrides the next scheduled charge and says so, or that it failed', async () => {
    const { recorded } = stubServer({ 'PATCH /api/subscription/override': written(activeSeries) });
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('pat@customer.example');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Next scheduled charge' }));
    expect(within(dialog).getByLabelText('Charge Date')).toHaveValue('2099-07-01');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.AddCharge }));
    expect(await screen.findByText(SubscriptionText.ChargeScheduled)).toBeInTheDocument();
    expect(recorded).toEqual([
      {
        method: 'PATCH',
        path: '/api/subscription/override',
        body: { subscription_id: activeSeries.id, next: '2099-07-01', amount: '19.99' },
      },
    ]);
    vi.unstubAllGlobals();
    stubServer({ 'PATCH /api/subscription/override': failure(422, 'SUBSCRIPTION_ENDED', 'Ended') });
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.AddCharge }));
    expect(await screen.findByText(SubscriptionText.ScheduleFailed)).toBeInTheDocument();
  });

  it("offers a reactivated series' new next date for the replaced charge", async () => {
    const reactivated: SubscriptionRow = {
      ...endedSeries,
      status: 'true',
      status_label: 'Active',
      next: '2099-03-01',
    };
    stubServer(
      { 'PATCH /api/subscription/reactivate': written(reactivated) },
      [activeSeries, endedSeries],
      [activeSeries, reactivated],
    );
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('lee@customer.example');
    const startDate = within(dialog).getByLabelText('Start Date');
    await userEvent.clear(startDate);
    await userEvent.type(startDate, '2099-03-01');
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.ReactivateSeries }));
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Next scheduled charge' }));
    expect(within(dialog).getByLabelText('Charge Date')).toHaveValue('2099-03-01');
  });

  it('asks a user tied to several locations where the charge now is taken, and sends it', async () => {
    const north = '00000000-0000-4000-8000-0000000000e1';
    const south = '00000000-0000-4000-8000-0000000000e2';
    const approved = ok({
      id: '00000000-0000-4000-8000-0000000000d2',
      amount: '19.99',
      fee: '0.00',
      status: 'Approved',
      message: 'Approved',
      issuer: 'VISA',
      last4: '1111',
      created_at: '2026-07-01T12:00:00.000Z',
    });
    const { recorded } = stubServer({ 'POST /api/charge': approved }, undefined, undefined, 'UTC', {
      locations: [
        { id: north, name: 'North Counter' },
        { id: south, name: 'South Counter' },
      ],
      default_location_id: null,
    });
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('pat@customer.example');
    const location = await within(dialog).findByRole('combobox', { name: 'Location' });
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.AddCharge }));
    expect(await within(dialog).findByText(SubscriptionText.LocationRequired)).toBeInTheDocument();
    expect(recorded).toEqual([]);
    await userEvent.click(location);
    await userEvent.click(await screen.findByRole('option', { name: 'South Counter', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.AddCharge }));
    expect(await screen.findByText(SubscriptionText.PaymentSuccessful)).toBeInTheDocument();
    expect(recorded.map((write) => write.body)).toEqual([
      { amount: '19.99', token: activeSeries.token, subscription_id: activeSeries.id, location_id: south },
    ]);
  });

  it('offers no location choice to a user with one location or none', async () => {
    stubServer({}, undefined, undefined, 'UTC', {
      locations: [{ id: '00000000-0000-4000-8000-0000000000e1', name: 'North Counter' }],
      default_location_id: '00000000-0000-4000-8000-0000000000e1',
    });
    renderFeature(<RecurringChargesPage />, { role: 'user' });
    const dialog = await openSeries('pat@customer.example');
    expect(await within(dialog).findByRole('textbox', { name: 'Amount' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument();
  });

  describe("dates follow the merchant's day (America/New_York), not the user's zone", () => {
    const reactivate = { 'PATCH /api/subscription/reactivate': written(endedSeries) };
    const override = { 'PATCH /api/subscription/override': written(activeSeries) };

    it('offers a user behind New York the merchant today, which is already tomorrow for them', async () => {
      // 04:30 UTC: 00:30 on 10 March in New York, still 21:30 on 9 March in Los Angeles.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-10T04:30:00Z'));
      const { recorded } = stubServer(reactivate, undefined, undefined, 'America/Los_Angeles');
      renderFeature(<RecurringChargesPage />, { role: 'user' });
      const dialog = await openSeries('lee@customer.example');
      // The user's own zone still shows times.
      expect(await within(dialog).findByText('2026-06-20 05:00:00 PDT')).toBeInTheDocument();
      const startDate = within(dialog).getByLabelText('Start Date');
      expect(startDate).toHaveValue('2026-03-10');
      expect(startDate).toHaveAttribute('min', '2026-03-10');
      expect(within(dialog).getByText(RecurringText.MerchantDateNote)).toBeInTheDocument();
      expect(RecurringText.MerchantDateNote).toContain('America/New_York');
      // The user's "today" is already past for the merchant.
      await userEvent.clear(startDate);
      await userEvent.type(startDate, '2026-03-09');
      await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.ReactivateSeries }));
      expect(await within(dialog).findByText(SubscriptionText.StartDateInPast)).toBeInTheDocument();
      expect(recorded).toEqual([]);
      await userEvent.clear(startDate);
      await userEvent.type(startDate, '2026-03-10');
      await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.ReactivateSeries }));
      expect(await screen.findByText(SubscriptionText.Reactivated)).toBeInTheDocument();
      expect(recorded.map((write) => write.body)).toEqual([
        { subscription_id: endedSeries.id, next: '2026-03-10' },
      ]);
    });

    it('lets a user ahead of New York pick the merchant today, which is yesterday for them', async () => {
      // 20:00 UTC: 16:00 on 10 March in New York, already 05:00 on 11 March in Tokyo.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-10T20:00:00Z'));
      const { recorded } = stubServer(override, undefined, undefined, 'Asia/Tokyo');
      renderFeature(<RecurringChargesPage />, { role: 'user' });
      const dialog = await openSeries('pat@customer.example');
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Next scheduled charge' }));
      const chargeDate = within(dialog).getByLabelText('Charge Date');
      expect(chargeDate).toHaveAttribute('min', '2026-03-10');
      expect(within(dialog).getByText(RecurringText.MerchantDateNote)).toBeInTheDocument();
      await userEvent.clear(chargeDate);
      await userEvent.type(chargeDate, '2026-03-10');
      await userEvent.click(within(dialog).getByRole('button', { name: RecurringText.AddCharge }));
      expect(await screen.findByText(SubscriptionText.ChargeScheduled)).toBeInTheDocument();
      expect(recorded.map((write) => write.body)).toEqual([
        { subscription_id: activeSeries.id, next: '2026-03-10', amount: '19.99' },
      ]);
    });
  });
});
