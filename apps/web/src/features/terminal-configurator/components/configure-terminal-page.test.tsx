import { notifications } from '@mantine/notifications';
import { decodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { ConfiguratorText } from '@portico/contracts/virtual-terminals/terminal-configuration';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { ConfigureTerminalPage } from './configure-terminal-page';

const key = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const linkConfig = {
  merchant: {
    name: 'Harbor Lane Coffee Roasters',
    configuration: { level_three_data_enabled: false, crypto: false, payment: true, ach: true },
  },
  whitelabel: { logo_url: null },
};

function renderPage() {
  renderFeature(
    <MemoryRouter initialEntries={[`/configure-terminal/${key}`]}>
      <Routes>
        <Route path="/configure-terminal/:apikey" element={<ConfigureTerminalPage />} />
      </Routes>
    </MemoryRouter>,
    { role: 'user' },
  );
}

describe('configurator page when the configuration cannot be loaded', () => {
  beforeEach(() => {
    notifications.clean();
    notifications.cleanQueue();
  });

  it("offers PAX, NEWPOS and Terminal, ticked, for a PAX merchant's new terminal", async () => {
    stubFetch({
      '/api/virtualterminalurl': ok([]),
      '/api/client/link-config': ok({
        ...linkConfig,
        merchant: {
          ...linkConfig.merchant,
          configuration: { ...linkConfig.merchant.configuration, terminals: 'pax' },
        },
      }),
    });
    renderPage();
    for (const name of ['PAX', 'NEWPOS', 'Terminal', 'Apple Pay', 'Google Pay', 'Swipe']) {
      expect(await screen.findByRole('checkbox', { name })).toBeChecked();
    }
  });

  it('offers no device method to a merchant without terminals', async () => {
    stubFetch({ '/api/virtualterminalurl': ok([]), '/api/client/link-config': ok(linkConfig) });
    renderPage();
    expect(await screen.findByRole('checkbox', { name: 'Apple Pay' })).toBeInTheDocument();
    for (const name of ['PAX', 'NEWPOS', 'Terminal']) {
      expect(screen.queryByRole('checkbox', { name })).not.toBeInTheDocument();
    }
  });

  it('falls back to the default iframe link (the key and the virtual-terminal flag) when the configuration cannot be loaded', async () => {
    stubFetch({
      '/api/virtualterminalurl': failure(500, 'INTERNAL', 'Something went wrong'),
      '/api/client/link-config': ok(linkConfig),
    });
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy iFrame Link' }));
    expect(await screen.findByText(ConfiguratorText.IframeLinkCopied)).toBeInTheDocument();
    const copied = new URL(String(writeText.mock.calls[0]?.[0]));
    expect(copied.pathname).toBe('/app/responsive-iframe/payment');
    expect(decodePaymentFrameParams(copied.searchParams.get('params') ?? '')).toEqual({
      ok: true,
      params: { publishableKey: key, isVirtualTerminal: true },
    });
  });
});
