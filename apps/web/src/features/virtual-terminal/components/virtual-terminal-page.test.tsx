import { notifications } from '@mantine/notifications';
import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  type PaymentFrameParams,
  paymentFrameAddress,
  paymentFrameColorSchemeMessageType,
  paymentFrameHeightMessageType,
} from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { VirtualTerminalPageText } from '@portico/contracts/payment-frame/virtual-terminal-options';
import type { VaultCustomerWithMethods, VaultPaymentMethod } from '@portico/contracts/vault/vault';
import type { VirtualTerminalUrl } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { terminalFrameMerchant } from '../../../test/frame-fixtures';
import { renderFeature } from '../../../test/render-feature';
import { VirtualTerminalPage } from './virtual-terminal-page';

const key = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const counterId = '6d0b1f8e-3c1a-4a55-9d7e-2b1f0c9e8a71';
const patioId = '7e1c2f9a-4d2b-4b66-8e8f-3c2a1d0f9b82';

const merchant = terminalFrameMerchant;

function terminal(id: string, name: string, params: Partial<PaymentFrameParams>): VirtualTerminalUrl {
  return {
    id,
    name,
    url: paymentFrameAddress('', encodePaymentFrameParams({ publishableKey: key, ...params })),
    is_active: true,
    customFields: [
      { name: 'Order Number', type: 'text', values: [], required: false, requireForGuest: false },
      { name: 'Table Number', type: 'text', values: [], required: false, requireForGuest: false },
      { name: 'Manager Note', type: 'text', values: [], required: false, requireForGuest: false },
    ],
    url_id: `${name.toLowerCase()}-code`,
  };
}

const counter = terminal(counterId, 'Counter', {
  paymentOptions: ['credit_card', 'bank', 'cash'],
  freeFormAmount: true,
});
const patio = terminal(patioId, 'Patio', { paymentOptions: ['cash'], amount: '5.00' });

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(search = '') {
  renderFeature(
    <MemoryRouter initialEntries={[`/virtual-terminal/${key}${search}`]}>
      <Routes>
        <Route path="/virtual-terminal/:apikey" element={<VirtualTerminalPage />} />
        <Route path="/configure-terminal/:apikey" element={<p>Configurator</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
    { role: 'user' },
  );
}

async function frameParams(): Promise<PaymentFrameParams> {
  const frame = await screen.findByTitle('Payment frame');
  const src = new URL(frame.getAttribute('src') ?? '', 'http://portal.test');
  const decoded = decodePaymentFrameParams(src.searchParams.get('params') ?? '');
  if (!decoded.ok) throw new Error('the frame params do not decode');
  return decoded.params;
}

describe('virtual terminal page', () => {
  beforeEach(() => {
    notifications.clean();
    notifications.cleanQueue();
  });

  it("builds the frame from the first active terminal, the user's permissions and role field access", async () => {
    const fetchMock = stubFetch({
      '/api/payment-frame/merchant': ok(
        merchant({
          custom_field_access: { [counterId]: { 'Order Number': 'require', 'Table Number': 'show' } },
        }),
      ),
      '/api/virtualterminalurl': ok([counter, patio]),
    });
    renderPage();

    const params = await frameParams();
    // bank needs Debit ACH Charge, which the user lacks.
    expect(params).toMatchObject({
      publishableKey: key,
      paymentOptions: ['credit_card', 'cash'],
      isVirtualTerminal: true,
      terminalId: counterId,
      zipMode: 'required',
      freeFormAmount: true,
    });
    // Required, optional, and the field the role does not name hidden.
    expect(params.customFields?.map((field) => [field.name, field.required])).toEqual([
      ['Order Number', true],
      ['Table Number', false],
    ]);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual([
      `GET /api/payment-frame/merchant?key=${key}`,
      'GET /api/virtualterminalurl',
    ]);
  });

  it('fits the frame to the height its own page posts, and ignores any other window', async () => {
    stubFetch({
      '/api/payment-frame/merchant': ok(merchant()),
      '/api/virtualterminalurl': ok([counter]),
    });
    renderPage();
    const frame = await screen.findByTitle('Payment frame');
    if (!(frame instanceof HTMLIFrameElement)) throw new Error('the payment frame is not an iframe');
    const post = (height: number, source: MessageEventSource | null) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { type: paymentFrameHeightMessageType, height },
            origin: window.location.origin,
            source,
          }),
        );
      });
    post(1200, window);
    expect(frame.style.height).toBe('');
    post(1200, frame.contentWindow);
    expect(frame.style.height).toBe('1204px');
    // Never below the frame's own minimum.
    post(300, frame.contentWindow);
    expect(frame.style.height).toBe('720px');
  });

  it("keeps every field as configured when the user's role does not restrict them, and OMIT_CC_ZIP", async () => {
    stubFetch({
      '/api/payment-frame/merchant': ok(merchant({ omit_zip: true })),
      '/api/virtualterminalurl': ok([counter]),
    });
    renderPage();
    const params = await frameParams();
    expect(params.zipMode).toBe('off');
    expect(params.customFields?.map((field) => field.name)).toEqual([
      'Order Number',
      'Table Number',
      'Manager Note',
    ]);
  });

  describe("the portal's colour scheme", () => {
    // Where Mantine keeps the portal's choice (its local-storage colour scheme manager).
    const schemeKey = 'mantine-color-scheme-value';
    const darkTerminal = terminal(counterId, 'Counter', { paymentOptions: ['cash'], colorScheme: 'dark' });

    it('opens the frame dark in a dark portal', async () => {
      localStorage.setItem(schemeKey, 'dark');
      stubFetch({
        '/api/payment-frame/merchant': ok(merchant()),
        '/api/virtualterminalurl': ok([counter]),
      });
      renderPage();
      expect(await frameParams()).toMatchObject({ terminalId: counterId, colorScheme: 'dark' });
    });

    it("follows a system setting of dark when the portal's choice is 'auto', without loading a light frame first", async () => {
      localStorage.setItem(schemeKey, 'auto');
      const prefersDark = (query: string) =>
        ({
          matches: query === '(prefers-color-scheme: dark)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList;
      vi.spyOn(window, 'matchMedia').mockImplementation(prefersDark);
      stubFetch({
        '/api/payment-frame/merchant': ok(merchant()),
        '/api/virtualterminalurl': ok([counter]),
      });
      // A frame's address changed after it was put on the page is a second load of the frame.
      const changes: MutationRecord[] = [];
      const observer = new MutationObserver((records) => changes.push(...records));
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['src'] });
      renderPage();
      expect((await frameParams()).colorScheme).toBe('dark');
      await act(async () => {});
      changes.push(...observer.takeRecords());
      observer.disconnect();
      expect(changes).toHaveLength(0);
    });

    it("keeps the frame's address when the portal's look changes, and tells the frame by message instead", async () => {
      localStorage.setItem(schemeKey, 'auto');
      // The device's setting, as the portal reads it ('System'), and what it tells of a change.
      let isDeviceDark = false;
      const deviceListeners = new Set<(event: { matches: boolean }) => void>();
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            get matches() {
              return query === '(prefers-color-scheme: dark)' && isDeviceDark;
            },
            media: query,
            addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
              deviceListeners.add(listener),
            removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
              deviceListeners.delete(listener),
          }) as unknown as MediaQueryList,
      );
      stubFetch({
        '/api/payment-frame/merchant': ok(merchant()),
        '/api/virtualterminalurl': ok([counter]),
      });
      renderPage();
      expect(await frameParams()).not.toHaveProperty('colorScheme');
      const frame = screen.getByTitle('Payment frame');
      if (!(frame instanceof HTMLIFrameElement)) throw new Error('the payment frame is not an iframe');
      const src = frame.getAttribute('src');
      // The test DOM loads no frame pages, so the frame's window is a stand-in with a postMessage spy.
      const frameWindow = { postMessage: () => {} } as unknown as Window;
      vi.spyOn(frame, 'contentWindow', 'get').mockReturnValue(frameWindow);
      const post = vi.spyOn(frameWindow, 'postMessage');
      const told = (colorScheme: 'light' | 'dark') => [
        { type: paymentFrameColorSchemeMessageType, colorScheme },
        window.location.origin,
      ];

      // The frame learns the portal's look when it has loaded.
      fireEvent.load(frame);
      expect(post).toHaveBeenLastCalledWith(...told('light'));

      // The device turns dark: same address (no reload, typed card data kept), a message instead.
      act(() => {
        isDeviceDark = true;
        for (const listener of deviceListeners) listener({ matches: true });
      });
      expect(post).toHaveBeenLastCalledWith(...told('dark'));
      expect(frame.getAttribute('src')).toBe(src);

      // The user chooses light in the portal (Mantine's stored choice): likewise.
      act(() => {
        localStorage.setItem(schemeKey, 'light');
        window.dispatchEvent(
          new StorageEvent('storage', { key: schemeKey, newValue: 'light', storageArea: localStorage }),
        );
      });
      expect(post).toHaveBeenLastCalledWith(...told('light'));
      expect(frame.getAttribute('src')).toBe(src);
      expect(screen.getByTitle('Payment frame')).toBe(frame);
    });

    it("leaves the scheme out in a light portal, over a stored terminal's own", async () => {
      stubFetch({
        '/api/payment-frame/merchant': ok(merchant()),
        '/api/virtualterminalurl': ok([darkTerminal]),
      });
      renderPage();
      const params = await frameParams();
      expect(params.terminalId).toBe(counterId);
      expect(params).not.toHaveProperty('colorScheme');
    });
  });

  it('opens the terminal the address names', async () => {
    stubFetch({
      '/api/payment-frame/merchant': ok(merchant()),
      '/api/virtualterminalurl': ok([counter, patio]),
    });
    renderPage(`?terminalId=${patioId}`);
    // The terminal's own settings win; what it leaves unset takes the virtual terminal's defaults.
    expect(await frameParams()).toMatchObject({
      terminalId: patioId,
      paymentOptions: ['cash'],
      amount: '5.00',
      emailOption: 'optional',
      fullName: true,
      billingAddress: true,
    });
    expect(screen.queryByText(VirtualTerminalPageText.TerminalNotFound)).not.toBeInTheDocument();
  });

  it("toasts 'Terminal not found with that ID' for an unknown terminal and falls back to the default", async () => {
    stubFetch({
      '/api/payment-frame/merchant': ok(merchant()),
      '/api/virtualterminalurl': ok([counter, patio]),
    });
    renderPage('?terminalId=9f9f9f9f-1111-4222-8333-444444444444');
    expect(await screen.findByText(VirtualTerminalPageText.TerminalNotFound)).toBeInTheDocument();
    expect(await frameParams()).toMatchObject({ terminalId: counterId });
  });

  it("toasts 'No virtual terminals found. Please configure one.' and offers the configurator", async () => {
    stubFetch({
      '/api/payment-frame/merchant': ok(merchant()),
      '/api/virtualterminalurl': ok([]),
    });
    renderPage();
    expect(await screen.findByText(VirtualTerminalPageText.NoTerminals)).toBeInTheDocument();
    screen.getByRole('button', { name: VirtualTerminalPageText.ConfigureTerminal }).click();
    expect(await screen.findByText('Configurator')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
      `/configure-terminal/${key}?new=true`,
    );
  });

  it('falls back to the basic frame when the terminals cannot be read', async () => {
    stubFetch({
      '/api/payment-frame/merchant': ok(merchant()),
      '/api/virtualterminalurl': failure(500, 'INTERNAL', 'Internal error'),
    });
    renderPage();
    const params = await frameParams();
    // The defaults' keyed card, bank and card reader, kept by what the merchant and user may take.
    expect(params).toMatchObject({
      isVirtualTerminal: true,
      paymentOptions: ['credit_card'],
      freeFormAmount: true,
      paymentType: 'charge',
      frequency: 1,
      interval: 'monthly',
      zipMode: 'required',
      emailOption: 'optional',
      fullName: true,
      billingAddress: true,
      phoneOption: 'off',
      allowTip: false,
      savePaymentToken: false,
    });
    expect(params.terminalId).toBeUndefined();
  });

  it('asks for the merchant again while the server is busy (polling), then opens the frame', async () => {
    let merchantCalls = 0;
    const answers = {
      merchant: () => {
        merchantCalls += 1;
        return merchantCalls < 3
          ? { status: 503, body: { status: false, error: { code: 'UNAVAILABLE', message: 'Busy' } } }
          : { status: 200, body: { status: true, message: merchant() } };
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://portal.test').pathname;
        const answer =
          path === '/api/payment-frame/merchant'
            ? answers.merchant()
            : { status: 200, body: { status: true, message: [counter] } };
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderPage();
    expect(await frameParams()).toMatchObject({ terminalId: counterId });
    expect(merchantCalls).toBe(3);
  });

  it("toasts 'Failed to load merchant information' on a refusal, without asking again, and offers Try again", async () => {
    const fetchMock = stubFetch({
      '/api/payment-frame/merchant': failure(400, 'SECRET_KEY_IN_ADDRESS', 'A secret key'),
    });
    renderPage();
    expect(await screen.findByText(VirtualTerminalPageText.MerchantLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTitle('Payment frame')).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toHaveLength(1);
  });

  it("says 'User does not have permissions to use any payment methods.' when none is left", async () => {
    stubFetch({
      '/api/payment-frame/merchant': ok(merchant({ payment_options: ['bank'] })),
      '/api/virtualterminalurl': ok([patio]),
    });
    renderPage();
    expect(await screen.findByText(PaymentFrameText.NoPaymentMethodPermissions)).toBeInTheDocument();
  });

  it('takes a routing key other than the page key out of the address', async () => {
    stubFetch({
      '/api/payment-frame/merchant': ok(merchant()),
      '/api/virtualterminalurl': ok([counter]),
    });
    renderPage('?routing=4f2e9c1a-secret-key&isSwipeAndCNP=true');
    expect(await screen.findByText(VirtualTerminalPageText.RoutingKeyRemoved)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
      new RegExp(`^/virtual-terminal/${key}\\?isSwipeAndCNP=true$`),
    );
    // Swipe-and-CNP forces card and newpos; newpos needs Swipe, which this user lacks.
    expect(await frameParams()).toMatchObject({ paymentOptions: ['credit_card'] });
  });

  describe('a vault customer named by the address', () => {
    const customerId = '11111111-2222-4333-8444-555555555555';
    const visaId = '21111111-2222-4333-8444-555555555555';
    const amexId = '31111111-2222-4333-8444-555555555555';
    const noAddress = {
      region: null,
      locality: null,
      address_line_1: null,
      address_line_2: null,
      country: null,
      postal_code: null,
    };
    const method = (id: string, issuer: 'VISA' | 'AMEX', last4: string): VaultPaymentMethod => ({
      id,
      token: `${last4}-12-2030`,
      issuer,
      last4,
      exp_month: 12,
      exp_year: 2030,
      created_at: '2026-10-01T12:00:00.000Z',
      billing_address: noAddress,
    });
    const methods = [method(visaId, 'VISA', '1117'), method(amexId, 'AMEX', '0005')];
    const customer: VaultCustomerWithMethods = {
      id: customerId,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone_number: null,
      merchant_name: 'Harbor Lane Coffee Roasters',
      client: { id: '41111111-2222-4333-8444-555555555555' },
      has_customer: true,
      patient_number: null,
      patient_first_name: null,
      patient_last_name: null,
      patient_fields_hidden: false,
      external_id: null,
      billing_region: null,
      billing_locality: null,
      billing_address_line_1: null,
      billing_address_line_2: null,
      billing_country: null,
      billing_postal_code: null,
      shipping_region: null,
      shipping_locality: null,
      shipping_address_line_1: null,
      shipping_address_line_2: null,
      shipping_country: null,
      shipping_postal_code: null,
      payment_request_meta: {},
      payment_methods: methods,
      methods,
    };
    const vaultPath = `/api/v1/vault/${customerId}`;
    // Mantine's Select labels its input and its listbox alike.
    const savedMethodInput = () => {
      const input = screen
        .getAllByLabelText('Saved payment method')
        .find((element) => element.tagName === 'INPUT');
      if (!input) throw new Error('no saved method input');
      return input;
    };

    it("opens the terminal with the customer's first saved card, and another one when chosen", async () => {
      stubFetch({
        '/api/payment-frame/merchant': ok(merchant()),
        '/api/virtualterminalurl': ok([counter]),
        [vaultPath]: ok(customer),
      });
      renderPage(`?routing=${key}&isSwipeAndCNP=true&customerId=${customerId}`);
      expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
      expect(await frameParams()).toMatchObject({
        customerId,
        paymentMethodId: visaId,
        email: 'ada@example.com',
      });
      // The page's own key as routing stays in the address.
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(`routing=${key}`);

      await userEvent.click(savedMethodInput());
      await userEvent.click(await screen.findByText('AMEX 0005-12-2030'));
      expect(await frameParams()).toMatchObject({ customerId, paymentMethodId: amexId });
    });

    it('chooses the saved method the address names', async () => {
      stubFetch({
        '/api/payment-frame/merchant': ok(merchant()),
        '/api/virtualterminalurl': ok([counter]),
        [vaultPath]: ok(customer),
      });
      renderPage(`?isSwipeAndCNP=true&customerId=${customerId}&paymentMethodId=${amexId}`);
      expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
      expect(await frameParams()).toMatchObject({ paymentMethodId: amexId });
      expect(savedMethodInput()).toHaveValue('AMEX 0005-12-2030');
    });

    it("toasts the vault's answer when the customer cannot be read, and opens the frame without them", async () => {
      stubFetch({
        '/api/payment-frame/merchant': ok(merchant()),
        '/api/virtualterminalurl': ok([counter]),
        [vaultPath]: failure(404, 'VAULT_CUSTOMER_NOT_FOUND', 'Customer not found'),
      });
      renderPage(`?customerId=${customerId}`);
      expect(await screen.findByText('Customer not found')).toBeInTheDocument();
      const params = await frameParams();
      expect(params.paymentMethodId).toBeUndefined();
    });
  });
});
