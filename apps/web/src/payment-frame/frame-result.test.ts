import type { FrameMerchant } from '@portico/contracts/payment-frame/charge';
import { DeclineText } from '@portico/contracts/payment-frame/decline';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, ok, stubFetch } from '../test/fetch-stub';
import { approvedCharge, frameMerchant, terminalFrameMerchant } from '../test/frame-fixtures';
import { DeviceText } from './frame-device';
import { renderPaymentForm } from './frame-form';
import { ApprovalText, approvalLinesOf } from './frame-result';

// The payment's result as the virtual terminal and a payment link show it: a decline in words, an
// approval with the amount, the card, the transaction id and (on the terminal) the receipt.

const key = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const transactionId = '31111111-2222-4333-8444-555555555555';
const approved = approvedCharge({ id: transactionId, amount: '1234.50' });
const payerMerchant = frameMerchant({ high_ticket: null });
const terminalMerchant = terminalFrameMerchant({}, { high_ticket: null });
const terminalParams: PaymentFrameParams = {
  publishableKey: key,
  isVirtualTerminal: true,
  paymentOptions: ['cash'],
};

function mount(params: PaymentFrameParams, merchant: FrameMerchant) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  renderPaymentForm(root, params, undefined, encodePaymentFrameParams(params), merchant);
}

async function pay(amount: string) {
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the virtual terminal result', () => {
  it('shows an approval with the amount in dollars, the card, the transaction id and the receipt', async () => {
    stubFetch({ '/api/payment-frame/charge': ok(approved) });
    mount(terminalParams, terminalMerchant);
    await pay('1234.50');
    expect(await screen.findByText(PaymentFrameText.PaymentSuccessful)).toBeInTheDocument();
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Visa •••• 1117')).toBeInTheDocument();
    expect(screen.getByText(transactionId)).toBeInTheDocument();
    const receipt = screen.getByRole('link', { name: ApprovalText.ViewReceipt });
    expect(receipt).toHaveAttribute('href', `/app/receipt?id=${transactionId}`);
    expect(receipt).toHaveAttribute('target', '_blank');
  });

  it('shows a decline in the words the server gives, never a code', async () => {
    stubFetch({ '/api/payment-frame/charge': failure(422, 'PAYMENT_DECLINED', DeclineText.OverLimit) });
    mount(terminalParams, terminalMerchant);
    await pay('51.13');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DeclineText.OverLimit);
    expect(alert).not.toHaveTextContent('PAYMENT_DECLINED');
  });

  it('shows a payer on a link the approval without the portal receipt link', async () => {
    stubFetch({ '/api/payment-frame/charge': ok({ ...approved, issuer: 'BANK', last4: '6789' }) });
    // A payment link paying with the vault method it names: no card form, no portal session.
    mount(
      {
        publishableKey: key,
        customerId: '41111111-2222-4333-8444-555555555555',
        paymentMethodId: '51111111-2222-4333-8444-555555555555',
      },
      payerMerchant,
    );
    await pay('1234.50');
    expect(await screen.findByText('Bank account')).toBeInTheDocument();
    expect(screen.getByText('•••• 6789')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: ApprovalText.ViewReceipt })).not.toBeInTheDocument();
  });
});

describe('approvalLinesOf', () => {
  it('names no card for cash, and never more than the last four', () => {
    expect(approvalLinesOf({ ...approved, amount: '5.00', issuer: null, last4: null })).toEqual([
      { label: ApprovalText.Amount, value: '$5.00' },
      { label: ApprovalText.TransactionId, value: transactionId },
    ]);
    expect(approvalLinesOf({ ...approved, issuer: 'MC', last4: '4444' })[1]).toEqual({
      label: ApprovalText.Card,
      value: 'Mastercard •••• 4444',
    });
  });
});

describe('the Terminal device select', () => {
  const device = { id: '11111111-2222-4333-8444-555555555501', name: 'Front Counter', lane_id: '1' };

  it('is not rendered where no device payment is offered', () => {
    mount({ ...terminalParams, paymentOptions: ['credit_card', 'cash'] }, terminalMerchant);
    expect(screen.queryByLabelText(DeviceText.ChooseDevice)).not.toBeInTheDocument();
    expect(document.querySelector('select[name="device"]')).toBeNull();
  });

  it('is not rendered when the merchant has no device that can take the payment', () => {
    const withoutDevices: FrameMerchant = {
      ...terminalMerchant,
      virtual_terminal: {
        payment_options: ['credit_card', 'pax'],
        omit_zip: false,
        custom_field_access: null,
        devices: [{ ...device, terminal_type: 'NEWPOS' }],
      },
    };
    mount({ ...terminalParams, paymentOptions: ['credit_card', 'pax'] }, withoutDevices);
    expect(document.querySelector('select[name="device"]')).toBeNull();
  });

  it('is rendered where a device payment is offered', async () => {
    const withDevice: FrameMerchant = {
      ...terminalMerchant,
      virtual_terminal: {
        payment_options: ['credit_card', 'pax'],
        omit_zip: false,
        custom_field_access: null,
        devices: [{ ...device, terminal_type: 'PAX' }],
      },
    };
    mount({ ...terminalParams, paymentOptions: ['credit_card', 'pax'] }, withDevice);
    await userEvent.click(screen.getByLabelText('PAX device'));
    expect(screen.getByLabelText<HTMLSelectElement>(DeviceText.ChooseDevice).value).toBe(device.id);
  });
});
