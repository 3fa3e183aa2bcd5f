import type { FrameMerchant } from '@portico/contracts/payment-frame/charge';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderPaymentForm } from './frame-form';

// A subscription link's payer reads what they agree to before paying: the amount with its currency
// sign, how often, the first charge after the trial, how many charges, and how to cancel.

const merchant: FrameMerchant = {
  name: 'Harbor Lane Coffee Roasters',
  can_take_card: true,
  can_take_ach: false,
  high_ticket: '1000.00',
  passed_on_rates: { credit_card: null, bank: null },
  locations: [],
  virtual_terminal: null,
};

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

function render(params: PaymentFrameParams) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  renderPaymentForm(root, params, 'signature', encodePaymentFrameParams(params), merchant);
}

const link: PaymentFrameParams = {
  publishableKey: '0d7c4791-78ee-4803-9c4d-0332784a1478',
  amount: '12.00',
  paymentOptions: ['credit_card'],
  paymentType: 'subscription',
  emailOption: 'required',
};

it('shows the terms of a subscription link with a trial and a fixed number of charges', () => {
  vi.useFakeTimers({ now: new Date('2027-01-10T15:00:00Z'), toFake: ['Date'] });
  render({ ...link, interval: 'monthly', frequency: 1, cycles: 6, trial: 14 });
  const terms = within(screen.getByRole('region', { name: 'Subscription terms' }));
  expect(terms.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Amount: $12.00 every month',
    'Free trial: 14 days',
    'First charge: January 24, 2027 (Eastern Time)',
    'Charges: 6, the last on June 24, 2027 (Eastern Time)',
    'To cancel: use the unsubscribe link in any receipt e-mail we send you.',
  ]);
});

it('says a weekly link recurs until cancelled, and shows no terms for a one-time charge', () => {
  vi.useFakeTimers({ now: new Date('2027-01-10T15:00:00Z'), toFake: ['Date'] });
  render({ ...link, interval: 'weekly', frequency: 2 });
  expect(screen.getByText('Amount: $12.00 every 2 weeks')).toBeInTheDocument();
  expect(screen.getByText('First charge: January 10, 2027 (Eastern Time)')).toBeInTheDocument();
  expect(screen.getByText('Charges: until you cancel')).toBeInTheDocument();

  render({ ...link, paymentType: 'charge' });
  expect(screen.queryByRole('region', { name: 'Subscription terms' })).not.toBeInTheDocument();
});
