import type { FrameMerchant } from '@portico/contracts/payment-frame/charge';
import { LinkTermsText } from '@portico/contracts/payment-frame/link-terms';
import {
  encodePaymentFrameParams,
  type PaymentFrameParams,
  paymentFrameColorSchemeMessageType,
} from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../test/fetch-stub';
import { frameMerchant } from '../test/frame-fixtures';
import { startPaymentFrame } from './frame-start';

// A paid one-time link or an expired link says so when the frame opens, before any card is asked for.

const merchant = frameMerchant({ can_take_ach: false });

const linkParams: PaymentFrameParams = {
  publishableKey: '0d7c4791-78ee-4803-9c4d-0332784a1478',
  amount: '42.00',
  paymentOptions: ['credit_card'],
  paymentType: 'charge',
  source: 'link-builder',
  linkId: '0b6a3c8e-2f4d-4a1b-9c7e-5d3f1a2b4c6d',
};
const searchOf = (params: PaymentFrameParams) =>
  `?${new URLSearchParams({ params: encodePaymentFrameParams(params), sig: 'signature' }).toString()}`;
const search = searchOf(linkParams);

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-color-scheme');
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function open(linkState: FrameMerchant['link_state'], query = search) {
  stubFetch({ '/api/payment-frame/merchant': ok({ ...merchant, link_state: linkState }) });
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  await startPaymentFrame(root, query);
}

it.each([
  ['paid', LinkTermsText.AlreadyPaid],
  ['expired', LinkTermsText.Expired],
] as const)('shows a %s link its message instead of the card form', async (linkState, message) => {
  await open(linkState);
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
});

it('shows an open link the card form', async () => {
  await open('open');
  expect(screen.getByLabelText('Card number')).toBeInTheDocument();
  expect(screen.queryByText(LinkTermsText.AlreadyPaid)).not.toBeInTheDocument();
});

describe('the colour scheme its host asks for', () => {
  const scheme = () => document.documentElement.getAttribute('data-color-scheme');

  it('dresses the whole frame in dark, from its first message on, when the params say dark', async () => {
    stubFetch({ '/api/payment-frame/merchant': ok({ ...merchant, link_state: 'open' }) });
    const root = document.createElement('main');
    document.body.replaceChildren(root);
    const started = startPaymentFrame(root, searchOf({ ...linkParams, colorScheme: 'dark' }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(scheme()).toBe('dark');
    await started;
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(scheme()).toBe('dark');
  });

  it('turns light for params without a scheme, light ones and a link that does not decode', async () => {
    const dark = searchOf({ ...linkParams, colorScheme: 'dark' });
    for (const query of [search, searchOf({ ...linkParams, colorScheme: 'light' }), '?params=%25%25%25']) {
      await open('open', dark);
      expect(scheme()).toBe('dark');
      await open('open', query);
      expect(scheme()).toBe('light');
    }
    expect(screen.getByText(PaymentFrameText.InvalidLink)).toBeInTheDocument();
  });

  it("follows its host's later changes by message, with the card data typed so far kept", async () => {
    await open('open', searchOf({ ...linkParams, colorScheme: 'dark' }));
    const cardNumber = screen.getByLabelText('Card number');
    if (!(cardNumber instanceof HTMLInputElement)) throw new Error('the card number is not an input');
    cardNumber.value = '4111 1111 1111 1111';
    const post = (colorScheme: string, source: MessageEventSource | null = window.parent) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: paymentFrameColorSchemeMessageType, colorScheme },
          origin: window.location.origin,
          source,
        }),
      );
    post('light');
    expect(scheme()).toBe('light');
    // Not from the framing window, or not a scheme: nothing changes.
    post('dark', null);
    post('auto');
    expect(scheme()).toBe('light');
    post('dark');
    expect(scheme()).toBe('dark');
    expect(screen.getByLabelText('Card number')).toBe(cardNumber);
    expect(cardNumber).toHaveValue('4111 1111 1111 1111');
  });
});
