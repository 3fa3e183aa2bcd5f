import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import {
  type ScheduledSeriesResult,
  ScheduledSeriesText,
} from '@portico/contracts/payment-frame/scheduled-series';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { calendarDateLabel } from '@portico/contracts/subscriptions/schedule';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../test/fetch-stub';
import { frameMerchant } from '../test/frame-fixtures';
import { renderPaymentForm } from './frame-form';

// A subscription link with a trial charges nothing at sign-up; the frame says when it
// starts instead of showing a payment receipt.

const merchant = frameMerchant({ can_take_ach: false });

const scheduled: ScheduledSeriesResult = {
  scheduled: true,
  subscription_id: '41111111-2222-4333-8444-555555555555',
  amount: '25.00',
  first_charge_date: '2027-01-05',
  message: ScheduledSeriesText.StartsOn(calendarDateLabel('2027-01-05')),
};

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

it('shows when a scheduled subscription starts, and no receipt', async () => {
  stubFetch({
    '/api/payment-frame/tokenize': ok({
      token: 'tok_sandbox_1',
      issuer: 'VISA',
      last4: '1117',
      exp_month: 12,
      exp_year: 2030,
    }),
    '/api/payment-frame/charge': ok(scheduled),
  });
  const posted = vi.spyOn(window.parent, 'postMessage');
  const params: PaymentFrameParams = {
    publishableKey: '0d7c4791-78ee-4803-9c4d-0332784a1478',
    amount: '25.00',
    paymentOptions: ['credit_card'],
    paymentType: 'subscription',
    trial: 14,
    emailOption: 'required',
    zipMode: 'optional',
  };
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  renderPaymentForm(root, params, 'signature', encodePaymentFrameParams(params), merchant);

  await userEvent.type(screen.getByLabelText(/Email/), 'club@payer.example');
  await userEvent.type(screen.getByLabelText('Card number'), '1111111111111117');
  await userEvent.type(screen.getByLabelText('Expiry month (MM)'), '12');
  await userEvent.type(screen.getByLabelText('Expiry year (YYYY)'), '2030');
  await userEvent.type(screen.getByLabelText('CVV'), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Pay' }));

  expect(
    await screen.findByText('Your subscription starts on January 5, 2027. Nothing was charged today.'),
  ).toBeInTheDocument();
  expect(screen.queryByText(new RegExp(PaymentFrameText.PaymentSuccessful))).not.toBeInTheDocument();
  expect(posted).toHaveBeenCalledWith(
    { type: 'portico:payment', status: 'scheduled', subscription_id: scheduled.subscription_id },
    '*',
  );
  await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveValue(''));
});
