import { buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import {
  type WebhookDeliveryRow,
  type WebhookEndpointView,
  WebhookText,
  webhookEventTypes,
} from '@portico/contracts/developers/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { DevelopersPage } from './developers-page';

afterEach(() => vi.unstubAllGlobals());

const merchantId = sampleIds.defaultClient;
const endpointId = '00000000-0000-4000-8000-0000000000e1';
const secret = 'whsec_3f9a1c77d2e84b05a6c1e0f4b2d9c8a7e6f5d4c3';

function endpoint(overrides: Partial<WebhookEndpointView> = {}): WebhookEndpointView {
  return {
    id: endpointId,
    merchant_id: merchantId,
    merchant_name: 'Harbor Lane Coffee',
    url: 'https://hooks.harborlane.example/portico',
    description: null,
    event_types: ['payment.approved', 'payment.refunded'],
    is_enabled: true,
    disabled_for_failing: false,
    secret: 'whsec_••••c8a7',
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDeliveryRow> = {}): WebhookDeliveryRow {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    event_id: '00000000-0000-4000-8000-0000000000f1',
    event_type: 'payment.approved',
    event_created_at: '2026-03-02T15:04:05.000Z',
    endpoint_id: endpointId,
    endpoint_url: 'https://hooks.harborlane.example/portico',
    merchant_name: 'Harbor Lane Coffee',
    status: 'delivered',
    attempts: 1,
    last_status_code: 200,
    next_attempt_at: null,
    payload: {},
    attempt_log: [
      {
        attempted_at: '2026-03-02T15:04:06.000Z',
        status_code: 200,
        duration_ms: 42,
        response_excerpt: '{"received":true}',
        error: null,
      },
    ],
    ...overrides,
  };
}

function stubServer(answers: Record<string, StubbedAnswer> = {}) {
  return stubFetch({
    '/api/timezone': ok([['America/New_York', 'Eastern']]),
    '/api/user/grid-config': ok(null),
    '/api/user/grid-config/names': ok([]),
    'GET /api/webhooks/endpoints': ok([endpoint()]),
    'GET /api/webhooks/deliveries': ok([delivery()]),
    ...answers,
  });
}

function card(url = 'https://hooks.harborlane.example/portico') {
  return screen.findByRole('article', { name: `Endpoint ${url}` });
}

describe('DevelopersPage endpoints', () => {
  it("lists the owner's endpoints in words with the secret masked", async () => {
    const fetchMock = stubServer({
      'GET /api/webhooks/endpoints': ok([
        endpoint(),
        endpoint({
          id: '00000000-0000-4000-8000-0000000000e2',
          url: 'https://erp.harborlane.example/in',
          // Every event there is reads 'All events'.
          event_types: [...webhookEventTypes],
          is_enabled: false,
          disabled_for_failing: true,
        }),
      ]),
    });
    renderFeature(<DevelopersPage />, { role: 'user' });
    const first = await card();
    expect(within(first).getByText('Payment approved, Payment refunded')).toBeInTheDocument();
    expect(within(first).getByText('Enabled', { selector: 'dd' })).toBeInTheDocument();
    expect(within(first).getByText('whsec_••••c8a7')).toBeInTheDocument();
    const second = await card('https://erp.harborlane.example/in');
    expect(within(second).getByText('All events')).toBeInTheDocument();
    expect(within(second).getByText('Disabled after three days of failed deliveries')).toBeInTheDocument();
    expect(
      within(second).getByRole('button', { name: 'Enable https://erp.harborlane.example/in' }),
    ).toBeEnabled();
    expect(within(second).getByRole('button', { name: /Send test event/ })).toBeDisabled();
    // The owner's own merchant, with no picker.
    expect(screen.queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`GET /api/webhooks/endpoints?merchant_id=${merchantId}`);
  });

  it('says there are none yet', async () => {
    stubServer({ 'GET /api/webhooks/endpoints': ok([]), 'GET /api/webhooks/deliveries': ok([]) });
    renderFeature(<DevelopersPage />, { role: 'user' });
    expect(await screen.findByText(WebhookText.NoEndpoints)).toBeInTheDocument();
  });

  it('adds an endpoint and shows its secret once, then only masked', async () => {
    const fetchMock = stubServer({
      'POST /api/webhooks/endpoints': ok({ endpoint: endpoint(), signing_secret: secret }),
    });
    renderFeature(<DevelopersPage />, { role: 'user' });
    await card();
    await userEvent.click(screen.getByRole('button', { name: WebhookText.AddEndpoint }));
    const dialog = await screen.findByRole('dialog', { name: WebhookText.AddEndpoint });
    // Nothing is sent without an event.
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Endpoint address/ }),
      'https://hooks.harborlane.example/portico',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: WebhookText.AddEndpoint }));
    expect(await within(dialog).findByText(WebhookText.EventTypesRequired)).toBeInTheDocument();
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('POST'))).toBe(false);

    expect(within(dialog).getByRole('group', { name: 'Payments' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Payment approved' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Payout paid' }));
    await userEvent.click(within(dialog).getByRole('button', { name: WebhookText.AddEndpoint }));

    expect(await within(dialog).findByText(WebhookText.SecretShownOnce)).toBeInTheDocument();
    expect(within(dialog).getByText(secret)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      merchant_id: merchantId,
      url: 'https://hooks.harborlane.example/portico',
      event_types: ['payment.approved', 'payout.paid'],
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(secret)).not.toBeInTheDocument());
    expect(await screen.findByText('whsec_••••c8a7')).toBeInTheDocument();
  });

  it('rolls the secret after a confirm and shows the new one once', async () => {
    const fetchMock = stubServer({
      [`POST /api/webhooks/endpoints/${endpointId}/roll-secret`]: ok({
        endpoint: endpoint(),
        signing_secret: secret,
      }),
    });
    renderFeature(<DevelopersPage />, { role: 'user' });
    const first = await card();
    await userEvent.click(within(first).getByRole('button', { name: /Roll secret/ }));
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('POST'))).toBe(false);
    await userEvent.click(
      within(within(first).getByRole('group', { name: 'Confirmation' })).getByRole('button', {
        name: 'Roll secret',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(dialog).getByText(WebhookText.SecretRolled)).toBeInTheDocument();
    expect(within(dialog).getByText(WebhookText.SecretShownOnce)).toBeInTheDocument();
    expect(within(dialog).getByText(secret)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(secret)).not.toBeInTheDocument());
  });

  it("sends a test event and says the receiver's status code and duration in words", async () => {
    stubServer({
      [`POST /api/webhooks/endpoints/${endpointId}/test`]: ok({
        delivery_id: '00000000-0000-4000-8000-0000000000d9',
        status: 'delivered',
        attempt: {
          attempted_at: '2026-03-02T15:04:06.000Z',
          status_code: 200,
          duration_ms: 35,
          response_excerpt: 'ok',
          error: null,
        },
      }),
    });
    renderFeature(<DevelopersPage />, { role: 'user' });
    const first = await card();
    await userEvent.click(within(first).getByRole('button', { name: /Send test event/ }));
    expect(
      await within(first).findByText('Delivered. The endpoint answered with status 200 in 35 milliseconds.'),
    ).toBeInTheDocument();
  });

  it('disables, and deletes only after a confirm', async () => {
    const fetchMock = stubServer({
      [`PATCH /api/webhooks/endpoints/${endpointId}`]: ok(endpoint({ is_enabled: false })),
      [`DELETE /api/webhooks/endpoints/${endpointId}`]: ok({ id: endpointId }),
    });
    renderFeature(<DevelopersPage />, { role: 'user' });
    const first = await card();
    await userEvent.click(within(first).getByRole('button', { name: /^Disable/ }));
    expect(await screen.findByText('The endpoint was disabled.')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ is_enabled: false });

    await userEvent.click(within(first).getByRole('button', { name: /^Delete/ }));
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('DELETE'))).toBe(false);
    await userEvent.click(
      within(within(first).getByRole('group', { name: 'Confirmation' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('The endpoint was deleted.')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`DELETE /api/webhooks/endpoints/${endpointId}`);
  });

  it('asks staff to choose the merchant first', async () => {
    const fetchMock = stubServer();
    renderFeature(<DevelopersPage />, {
      role: 'admin',
      user: buildSessionUser({ user_type: 'admin', hasDefaultClient: false }),
    });
    expect(await screen.findByRole('combobox', { name: 'Merchant' })).toBeInTheDocument();
    expect(screen.getByText('Choose a merchant to manage its webhooks.')).toBeInTheDocument();
    expect(requestedPaths(fetchMock).some((path) => path.includes('/api/webhooks/'))).toBe(false);
  });
});

describe('DevelopersPage delivery log', () => {
  it('shows each delivery in words and opens its attempts', async () => {
    stubServer({
      'GET /api/webhooks/deliveries': ok([
        delivery(),
        delivery({
          id: '00000000-0000-4000-8000-0000000000d2',
          event_type: 'payment.refunded',
          status: 'failed',
          attempts: 3,
          last_status_code: 500,
          attempt_log: [],
        }),
      ]),
    });
    renderFeature(<DevelopersPage />, { role: 'user' });
    expect(
      await screen.findByText('2 deliveries, newest first. Choose one to see its attempts.'),
    ).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Webhook deliveries' });
    expect(await within(grid).findByText('Payment refunded')).toBeInTheDocument();
    expect(within(grid).getByText('Failed')).toBeInTheDocument();
    expect(within(grid).getByText('Delivered')).toBeInTheDocument();
    // The user's zone, named.
    expect(within(grid).getAllByText('2026-03-02 10:04:05 EST').length).toBeGreaterThan(0);

    await userEvent.click(within(grid).getByText('Payment approved'));
    const dialog = await screen.findByRole('dialog', { name: 'Payment approved: Delivered' });
    const attempts = within(dialog).getByRole('table', { name: 'Attempts' });
    expect(within(attempts).getByText('2026-03-02 10:04:06 EST')).toBeInTheDocument();
    expect(within(attempts).getByText('42 milliseconds')).toBeInTheDocument();
    expect(within(attempts).getByText('{"received":true}')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
  });

  it('resends failed deliveries since a day after a confirm', async () => {
    const fetchMock = stubServer({ 'POST /api/webhooks/deliveries/resend-failed': ok({ queued: 3 }) });
    renderFeature(<DevelopersPage />, { role: 'user' });
    await card();
    const since = screen.getByLabelText('Failed since');
    await userEvent.type(since, '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Resend failed since…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resend failed' }));
    expect(await screen.findByText('3 failed deliveries will be sent again.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      merchant_id: merchantId,
      since: '2026-03-01T05:00:00.000Z',
    });
  });
});
