import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { EnablementPanel } from './enablement-panel';
import { EventsPanel } from './events-panel';

const clientId = '6f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11';

function stateOf({ epx = null, propay = null }: { epx?: string | null; propay?: string | null } = {}) {
  return ok({
    epx: { is_enabled: epx !== null, merchant_identifier: epx },
    propay: { is_enabled: propay !== null, propay_mid: propay },
    forumpay: { is_enabled: false, forum_pay_identifier: null, forum_pay_state: null },
  });
}

function renderPanel(answers: Record<string, StubbedAnswer>) {
  const fetchMock = stubFetch({ '/api/timezone': ok([['UTC', 'UTC']]), ...answers });
  renderFeature(<EnablementPanel clientId={clientId} />);
  return fetchMock;
}

function bodyOf(fetchMock: ReturnType<typeof stubFetch>, method: string): unknown {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return JSON.parse(String(call?.[1]?.body));
}

describe('EnablementPanel', () => {
  it('enables EPX and names the merchant id', async () => {
    const fetchMock = renderPanel({
      '/api/processor-enablement': stateOf(),
      'POST /api/epx/enable': ok({
        message: { epx_results: { third: { merchantId: '900112345678' } }, reason: null },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enable EPX' }));
    expect(await screen.findAllByText('Merchant enabled successfully: 900112345678')).not.toHaveLength(0);
    expect(bodyOf(fetchMock, 'POST')).toEqual({ id: clientId });
  });

  it('offers the re-submit options once EPX is enabled and sends the chosen one', async () => {
    const fetchMock = renderPanel({
      '/api/processor-enablement': stateOf({ epx: '900112345678' }),
      'POST /api/epx/enable': ok({
        message: { epx_results: { third: { merchantId: '900187654321' } }, reason: null },
      }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Re-create application' }));
    await userEvent.click(screen.getByRole('button', { name: 'Re-submit to EPX' }));
    expect(await screen.findAllByText('Merchant enabled successfully: 900187654321')).not.toHaveLength(0);
    expect(bodyOf(fetchMock, 'POST')).toEqual({ id: clientId, re_create_application: true });
    expect(screen.queryByRole('button', { name: 'Enable EPX' })).toBeNull();
  });

  it("shows ProPay's status code and the sandbox reason when it is not '00'", async () => {
    const fetchMock = renderPanel({
      '/api/processor-enablement': stateOf(),
      'PATCH /api/client/enablepropay': ok({
        pro_pay_status_code: '58',
        is_new_account: false,
        propay_mid: null,
        reason: 'Sandbox ProPay: tax ids ending in 13 fail underwriting',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enable ProPay ACH only' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Propay called failed with status code: 58')).toBeTruthy();
    expect(within(status).getByText('Sandbox ProPay: tax ids ending in 13 fail underwriting')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PATCH')).toEqual({ id: clientId, is_ach_only: true });
  });

  it('prefixes a refusal with the processor text', async () => {
    renderPanel({
      '/api/processor-enablement': stateOf(),
      'POST /api/enable-forum-pay': failure(
        409,
        'CRYPTO_PROVIDER_IN_USE',
        'This merchant takes crypto through another provider',
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enable ForumPay' }));
    expect(
      await screen.findAllByText(
        'Error enabling forumpay: This merchant takes crypto through another provider',
      ),
    ).not.toHaveLength(0);
  });

  it('refreshes the state after an attempt', async () => {
    const fetchMock = renderPanel({
      '/api/processor-enablement': stateOf(),
      'PATCH /api/client/enablepropay': ok({
        pro_pay_status_code: '00',
        is_new_account: true,
        propay_mid: '712345678',
        reason: null,
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enable ProPay card plus ACH' }));
    expect(await screen.findAllByText('ProPay Enrolled Successfully!')).not.toHaveLength(0);
    await waitFor(() =>
      expect(
        requestedPaths(fetchMock).filter((path) => path.startsWith('GET /api/processor-enablement')),
      ).toHaveLength(2),
    );
  });
});

describe('EventsPanel', () => {
  it('lists the events newest first with their status, or says there are none', async () => {
    stubFetch({
      '/api/timezone': ok([['UTC', 'UTC']]),
      '/api/notes': ok([
        {
          id: '0b1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11',
          comment: 'EPX enabled: merchant 900112345678',
          created_at: '2026-11-20T10:00:00.000Z',
          enrollment_id: null,
          client_id: clientId,
          origin: 'Portal',
          category: 'system',
          domain: 'epx',
          sub_domain: 'enablement',
          is_event: true,
          data: { status: 'enabled' },
          author: 'Alex Morgan',
        },
        {
          id: '1b1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11',
          comment: 'ProPay (ACH only) failed with status code 58',
          created_at: '2026-11-21T10:00:00.000Z',
          enrollment_id: null,
          client_id: clientId,
          origin: 'Portal',
          category: 'system',
          domain: 'propay',
          sub_domain: 'enablement',
          is_event: true,
          data: { status: 'declined' },
          author: 'Alex Morgan',
        },
      ]),
    });
    renderFeature(<EventsPanel clientId={clientId} />);
    const list = await screen.findByRole('list', { name: 'Events' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('ProPay (ACH only) failed with status code 58');
    expect(items[0]?.textContent).toContain('declined');
    expect(items[1]?.textContent).toContain('EPX enabled: merchant 900112345678');
  });

  it('says when there are no events', async () => {
    stubFetch({ '/api/timezone': ok([['UTC', 'UTC']]), '/api/notes': ok([]) });
    renderFeature(<EventsPanel clientId={clientId} />);
    expect(await screen.findByText('No events found')).toBeTruthy();
  });
});
