import type { FrameMerchant } from '@portico/contracts/payment-frame/charge';
import { LinkTermsText } from '@portico/contracts/payment-frame/link-terms';
import { encodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../test/fetch-stub';
import { frameMerchant } from '../test/frame-fixtures';
import { startPaymentFrame } from './frame-start';

// A paid one-time link or an expired link says so when the frame opens, before any card is asked for.

const merchant = frameMerchant({ can_take_ach: false });

const search = `?${new URLSearchParams({
  params: encodePaymentFrameParams({
    publishableKey: '0d7c4791-78ee-4803-9c4d-0332784a1478',
    amount: '42.00',
    paymentOptions: ['credit_card'],
    paymentType: 'charge',
    source: 'link-builder',
    linkId: '0b6a3c8e-2f4d-4a1b-9c7e-5d3f1a2b4c6d',
  }),
  sig: 'signature',
}).toString()}`;

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function open(linkState: FrameMerchant['link_state']) {
  stubFetch({ '/api/payment-frame/merchant': ok({ ...merchant, link_state: linkState }) });
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  await startPaymentFrame(root, search);
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
