import { decodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import type { LinkConfig, LinkMerchant } from '@portico/contracts/payment-links/payment-links';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { CreateLinkPage } from './create-link-page';

// The link builder asks for a key only when nobody is signed in. Signed in, the session is the
// credential: no key field, and a merchant picker (by name) when the user has several merchants.

const harbor: LinkMerchant = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Harbor Lane Coffee Roasters',
  publishable_key: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
};
const copper: LinkMerchant = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Copper Kettle Bistro',
  publishable_key: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
};

function configOf(name: string): LinkConfig {
  return {
    merchant: {
      name,
      configuration: { level_three_data_enabled: false, crypto: false, payment: true, ach: false },
    },
    whitelabel: { logo_url: null },
  };
}

function merchantAnswers(merchant: LinkMerchant) {
  return {
    [`/api/payment-links/merchants/${merchant.id}/link-config`]: ok(configOf(merchant.name)),
    [`/api/payment-links/merchants/${merchant.id}/terminals`]: ok({}),
  };
}

function renderPage(path = '/createlink') {
  return renderFeature(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/createlink/:apikey?" element={<CreateLinkPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('CreateLinkPage signed in', () => {
  it('asks no key of the owner of one merchant and makes the link for it by the session', async () => {
    const fetchMock = stubFetch({
      '/api/payment-links/merchants': ok([harbor]),
      ...merchantAnswers(harbor),
      [`POST /api/payment-links/merchants/${harbor.id}/sign`]: ok({
        sig: 'sig',
        params: 'e30=',
        url: '/app/responsive-iframe/payment?params=e30%3D&sig=sig',
        short_url: 'http://portal.test/url/abc123',
      }),
    });
    renderPage();
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(
        `GET /api/payment-links/merchants/${harbor.id}/link-config`,
      ),
    );
    expect(screen.queryByRole('dialog', { name: 'Enter your API key' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('API Key')).not.toBeInTheDocument();
    // One merchant: chosen already, no picker.
    expect(screen.queryByLabelText('Merchant')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Amount'), '42.00');
    await userEvent.click(screen.getByRole('button', { name: 'Get Link' }));
    expect(await screen.findByText('http://portal.test/url/abc123')).toBeInTheDocument();

    const signCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/sign'));
    const init = signCall?.[1];
    expect(JSON.stringify(init?.headers ?? {})).not.toMatch(/authorization/i);
    expect(JSON.parse(String(init?.body))).toMatchObject({ short_link: true });
    expect(requestedPaths(fetchMock)).not.toContain('GET /api/apikeys/publishable-key');
  });

  it("signs the colour scheme chosen in the page design, never the portal's own", async () => {
    // The portal is dark; a link is opened on the payer's device, so it stays light until chosen.
    localStorage.setItem('mantine-color-scheme-value', 'dark');
    const fetchMock = stubFetch({
      '/api/payment-links/merchants': ok([harbor]),
      ...merchantAnswers(harbor),
      [`POST /api/payment-links/merchants/${harbor.id}/sign`]: ok({
        sig: 'sig',
        params: 'e30=',
        url: '/app/responsive-iframe/payment?params=e30%3D&sig=sig',
        short_url: null,
      }),
    });
    const signedParams = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Get Link' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Get Link' })).toBeEnabled());
      const calls = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/sign'));
      const body = JSON.parse(String(calls.at(-1)?.[1]?.body));
      await userEvent.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Your payment link' })).not.toBeInTheDocument(),
      );
      const decoded = decodePaymentFrameParams(body.params);
      if (!decoded.ok) throw new Error('the signed params do not decode');
      return decoded.params;
    };
    renderPage();
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(
        `GET /api/payment-links/merchants/${harbor.id}/link-config`,
      ),
    );
    await userEvent.type(screen.getByLabelText('Amount'), '42.00');
    const scheme = screen.getByRole('radiogroup', { name: 'Color scheme' });
    expect(within(scheme).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(await signedParams()).not.toHaveProperty('colorScheme');

    await userEvent.click(within(scheme).getByRole('radio', { name: 'Dark' }));
    expect(await signedParams()).toMatchObject({ amount: '42.00', colorScheme: 'dark' });
  });

  it('shows a reseller a merchant picker by name, and loads the merchant picked', async () => {
    const fetchMock = stubFetch({
      '/api/payment-links/merchants': ok([copper, harbor]),
      ...merchantAnswers(copper),
      ...merchantAnswers(harbor),
    });
    renderPage();
    const picker = (await screen.findAllByLabelText('Merchant')).find(
      (element) => element.tagName === 'INPUT',
    );
    if (!picker) throw new Error('no Merchant input');
    expect(screen.queryByLabelText('API Key')).not.toBeInTheDocument();
    // Nothing is chosen yet: the link buttons wait for a merchant.
    expect(screen.getByRole('button', { name: 'Get Link' })).toBeDisabled();

    await userEvent.click(picker);
    expect(await screen.findByText(copper.name)).toBeInTheDocument();
    // Names, never ids.
    expect(screen.queryByText(copper.id)).not.toBeInTheDocument();
    await userEvent.click(screen.getByText(harbor.name));
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(
        `GET /api/payment-links/merchants/${harbor.id}/link-config`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Get Link' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Enter your API key' })).not.toBeInTheDocument();
  });

  it('tells a user without Payment Pages why, without asking for a key', async () => {
    stubFetch({
      '/api/payment-links/merchants': failure(403, 'FORBIDDEN', 'You do not have permission to do this'),
    });
    renderPage();
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(screen.queryByLabelText('API Key')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Link' })).toBeDisabled();
  });
});

describe('CreateLinkPage without a session', () => {
  it('asks an anonymous visitor for the API key', async () => {
    stubFetch({
      '/api/payment-links/merchants': failure(401, 'UNAUTHENTICATED', 'Sign in to continue'),
    });
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'Enter your API key' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText('API Key')).toBeInTheDocument();
    expect(screen.queryByLabelText('Merchant')).not.toBeInTheDocument();
  });

  it('still makes a link with the typed secret key, sent as the bearer', async () => {
    const secretKey = 'sk_live_typed';
    const fetchMock = stubFetch({
      '/api/payment-links/merchants': failure(401, 'UNAUTHENTICATED', 'Sign in to continue'),
      '/api/apikeys/publishable-key': ok({ publishable_key: harbor.publishable_key, is_secret_key: true }),
      '/api/client/link-config': ok(configOf(harbor.name)),
      '/api/terminal': ok({}),
      'POST /api/payment-links/sign': ok({
        sig: 'sig',
        params: 'e30=',
        url: '/app/responsive-iframe/payment?params=e30%3D&sig=sig',
      }),
      '/api/urls': ok('http://portal.test/url/key123'),
    });
    renderPage();
    await screen.findByRole('dialog', { name: 'Enter your API key' });
    await userEvent.type(screen.getByLabelText('API Key'), secretKey);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(screen.getByLabelText('Amount'), '42.00');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Get Link' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Get Link' }));
    expect(await screen.findByText('http://portal.test/url/key123')).toBeInTheDocument();
    const signCall = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/payment-links/sign'),
    );
    expect(signCall?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${secretKey}` });
  });
});
