import type { FrameMerchant } from '@portico/contracts/payment-frame/charge';
import { DeclineText } from '@portico/contracts/payment-frame/decline';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, ok, stubFetch } from '../test/fetch-stub';
import { frameMerchant, terminalFrameMerchant } from '../test/frame-fixtures';
import { feeLineOf, isCustomFieldRequired, methodsOf, renderPaymentForm } from './frame-form';

// The payment frame's plain-DOM form, built into happy-dom as the browser builds it.

const key = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const testCard = '1111111111111117';

const payerMerchant = frameMerchant();
const terminalMerchant = terminalFrameMerchant();

function mount(params: PaymentFrameParams, merchant: FrameMerchant, sig?: string) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  renderPaymentForm(root, params, sig, encodePaymentFrameParams(params), merchant);
  return root;
}

function postedBody(fetchMock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('style');
});

describe('which methods the frame offers', () => {
  it("offers a link's methods the merchant can take, and cash only on the virtual terminal", () => {
    const link: PaymentFrameParams = { publishableKey: key, paymentOptions: ['credit_card', 'bank', 'cash'] };
    expect(methodsOf(link, payerMerchant)).toEqual(['credit_card', 'bank']);
    expect(methodsOf(link, { ...payerMerchant, can_take_ach: false })).toEqual(['credit_card']);
    expect(methodsOf({ ...link, isVirtualTerminal: true }, terminalMerchant)).toEqual([
      'credit_card',
      'cash',
    ]);
  });

  it('offers the saved method first when the params name a customer and a method', () => {
    const params: PaymentFrameParams = {
      publishableKey: key,
      isVirtualTerminal: true,
      customerId: '11111111-2222-4333-8444-555555555555',
      paymentMethodId: '21111111-2222-4333-8444-555555555555',
    };
    expect(methodsOf(params, terminalMerchant)).toEqual(['saved', 'credit_card', 'cash']);
  });

  it('requires a field by role on the virtual terminal, and requireForGuest on a link', () => {
    const field = { name: 'Invoice', type: 'text' as const, requireForGuest: true };
    expect(isCustomFieldRequired(field, false)).toBe(true);
    expect(isCustomFieldRequired(field, true)).toBe(false);
    expect(isCustomFieldRequired({ ...field, required: true }, true)).toBe(true);
  });
});

describe('the payment form', () => {
  it('builds a fixed-amount link: the merchant, a read-only amount, the methods and TEST in sandbox', () => {
    mount(
      {
        publishableKey: key,
        amount: '25.00',
        paymentOptions: ['credit_card', 'bank'],
        description: 'Roast of the month',
        customerMessage: 'Thank you!',
        isSandbox: true,
      },
      payerMerchant,
    );
    expect(screen.getByRole('heading', { name: payerMerchant.name })).toBeInTheDocument();
    expect(screen.getByText('Roast of the month')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue('25.00');
    expect(screen.getByLabelText('Amount')).toHaveAttribute('readonly');
    const methods = screen.getByRole('group', { name: 'Payment method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['credit_card', 'bank']);
    expect(screen.getByRole('button', { name: 'Pay TEST' })).toBeInTheDocument();
  });

  it("labels the virtual terminal's card 'Credit Card - Key Entry', asks the ZIP and marks required fields", () => {
    mount(
      {
        publishableKey: key,
        isVirtualTerminal: true,
        paymentOptions: ['credit_card', 'cash'],
        customFields: [
          { name: 'Order Number', type: 'text', required: true },
          { name: 'Table Number', type: 'dropdown', values: ['1', '2'] },
        ],
      },
      terminalMerchant,
    );
    expect(screen.getByText('Credit Card - Key Entry')).toBeInTheDocument();
    expect(screen.getByLabelText('Billing ZIP')).toBeInTheDocument();
    expect(screen.getByLabelText('Order Number')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Table Number')).not.toHaveAttribute('aria-required');
    expect(screen.getByLabelText('Amount')).not.toHaveAttribute('readonly');
  });

  it('asks the phone when the link wants it, and refuses a required one left empty before calling anything', async () => {
    const fetchMock = stubFetch({});
    mount(
      { publishableKey: key, amount: '5.00', paymentOptions: ['credit_card'], phoneOption: 'required' },
      payerMerchant,
    );
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-required', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PaymentFrameText.CustomFieldRequired('Phone'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a required e-mail left empty before calling anything', async () => {
    const fetchMock = stubFetch({});
    mount(
      { publishableKey: key, amount: '5.00', paymentOptions: ['credit_card'], emailOption: 'required' },
      payerMerchant,
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-required', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PaymentFrameText.CustomFieldRequired('Email'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks a link's payer the billing address, each part required, and names the first one missing", async () => {
    const fetchMock = stubFetch({});
    mount(
      { publishableKey: key, amount: '5.00', paymentOptions: ['credit_card'], billingAddress: true },
      payerMerchant,
    );
    for (const label of ['Billing address', 'City', 'State', 'Postal code']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    await userEvent.type(screen.getByLabelText('Billing address'), '12 Harbor Lane');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PaymentFrameText.CustomFieldRequired('City'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the billing address optional on the virtual terminal and sends what was typed', async () => {
    const fetchMock = stubFetch({
      '/api/payment-frame/charge': ok({
        id: '31111111-2222-4333-8444-555555555555',
        amount: '5.00',
        fee: '0.00',
        status: 'Approved',
        message: PaymentFrameText.PaymentSuccessful,
        issuer: null,
        last4: null,
        created_at: '2026-11-26T00:00:00.000Z',
      }),
    });
    mount(
      { publishableKey: key, isVirtualTerminal: true, paymentOptions: ['cash'], showBillingDetails: true },
      terminalMerchant,
    );
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-required');
    await userEvent.type(screen.getByLabelText('Amount'), '5.00');
    await userEvent.type(screen.getByLabelText('City'), ' Salem ');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(postedBody(fetchMock, '/api/payment-frame/charge')).toBeDefined());
    expect(postedBody(fetchMock, '/api/payment-frame/charge')).toMatchObject({
      method: 'cash',
      billingAddress: { city: 'Salem' },
    });
  });

  it("offers the merchant's locations the server listed and sends the one chosen", async () => {
    const fetchMock = stubFetch({
      '/api/payment-frame/charge': ok({
        id: '31111111-2222-4333-8444-555555555555',
        amount: '5.00',
        fee: '0.00',
        status: 'Approved',
        message: PaymentFrameText.PaymentSuccessful,
        issuer: null,
        last4: null,
        created_at: '2026-11-26T00:00:00.000Z',
      }),
    });
    const northDock = '41111111-2222-4333-8444-555555555555';
    mount(
      { publishableKey: key, isVirtualTerminal: true, paymentOptions: ['cash'], showLocationsDropdown: true },
      { ...terminalMerchant, locations: [{ id: northDock, name: 'North Dock' }] },
    );
    await userEvent.type(screen.getByLabelText('Amount'), '5.00');
    await userEvent.selectOptions(screen.getByLabelText('Location'), 'North Dock');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(postedBody(fetchMock, '/api/payment-frame/charge')).toBeDefined());
    expect(postedBody(fetchMock, '/api/payment-frame/charge')).toMatchObject({ locationId: northDock });
  });

  it('shows no locations dropdown when the server listed none', () => {
    mount(
      { publishableKey: key, paymentOptions: ['credit_card'], showLocationsDropdown: true },
      payerMerchant,
    );
    expect(screen.queryByLabelText('Location')).not.toBeInTheDocument();
  });

  it("shows the merchant's logo from this origin when the params ask, and none otherwise", () => {
    mount({ publishableKey: key, paymentOptions: ['credit_card'], showLogoUrl: true }, payerMerchant);
    expect(screen.getByRole('img', { name: `${payerMerchant.name} logo` })).toHaveAttribute(
      'src',
      `/api/payment-frame/logo?key=${key}`,
    );
    mount({ publishableKey: key, paymentOptions: ['credit_card'] }, payerMerchant);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("wears the merchant's white label: its colour on the pay button and 'Payments by' its name", () => {
    document.documentElement.removeAttribute('style');
    mount(
      { publishableKey: key, paymentOptions: ['credit_card'] },
      { ...payerMerchant, brand: { entity_name: 'HealNow', color: '#1f6f68' } },
    );
    expect(screen.getByText(PaymentFrameText.paymentsBy('HealNow'))).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--pay-bg')).toBe('#1f6f68');
    document.documentElement.removeAttribute('style');
    mount({ publishableKey: key, paymentOptions: ['credit_card'] }, { ...payerMerchant, brand: null });
    expect(screen.queryByText(/Payments by/)).not.toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--pay-bg')).toBe('');
  });

  it('shows no billing address unless asked', () => {
    mount({ publishableKey: key, paymentOptions: ['credit_card'] }, payerMerchant);
    expect(screen.queryByLabelText('City')).not.toBeInTheDocument();
  });

  it('shows no phone field by default', () => {
    mount({ publishableKey: key, paymentOptions: ['credit_card'] }, payerMerchant);
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
  });

  it('shows the bank fields only for a bank payment', async () => {
    mount({ publishableKey: key, paymentOptions: ['credit_card', 'bank'] }, payerMerchant);
    expect(screen.getByLabelText('Routing number')).not.toBeVisible();
    await userEvent.click(screen.getByLabelText('Bank account (ACH)'));
    expect(screen.getByLabelText('Routing number')).toBeVisible();
    expect(screen.getByLabelText('Card number')).not.toBeVisible();
  });

  it('refuses a required custom field left empty before calling anything', async () => {
    const fetchMock = stubFetch({});
    mount(
      {
        publishableKey: key,
        isVirtualTerminal: true,
        paymentOptions: ['cash'],
        customFields: [{ name: 'Order Number', type: 'text', required: true }],
      },
      terminalMerchant,
    );
    await userEvent.type(screen.getByLabelText('Amount'), '5.00');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PaymentFrameText.CustomFieldRequired('Order Number'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tokenises the card, charges with the token under one key, and keeps no card number', async () => {
    const fetchMock = stubFetch({
      '/api/payment-frame/tokenize': ok({
        token: 'tok_sandbox_1',
        issuer: 'VISA',
        last4: '1117',
        exp_month: 12,
        exp_year: 2030,
      }),
      '/api/payment-frame/charge': ok({
        id: '31111111-2222-4333-8444-555555555555',
        amount: '25.00',
        status: 'Approved',
        message: PaymentFrameText.PaymentSuccessful,
        issuer: 'VISA',
        last4: '1117',
        created_at: '2026-11-26T00:00:00.000Z',
      }),
    });
    mount(
      { publishableKey: key, amount: '25.00', paymentOptions: ['credit_card'], zipMode: 'optional' },
      payerMerchant,
      'signature',
    );
    await userEvent.type(screen.getByLabelText('First name'), 'Vera');
    await userEvent.type(screen.getByLabelText('Card number'), testCard);
    await userEvent.type(screen.getByLabelText('Expiry month (MM)'), '12');
    await userEvent.type(screen.getByLabelText('Expiry year (YYYY)'), '2030');
    await userEvent.type(screen.getByLabelText('CVV'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText(PaymentFrameText.PaymentSuccessful)).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    expect(screen.getByText('Visa •••• 1117')).toBeInTheDocument();
    expect(postedBody(fetchMock, '/api/payment-frame/tokenize')).toEqual({
      kind: 'card',
      number: testCard,
      expMonth: '12',
      expYear: '2030',
      cvv: '123',
    });
    const charged = postedBody(fetchMock, '/api/payment-frame/charge');
    expect(charged).toMatchObject({
      sig: 'signature',
      amount: '25.00',
      method: 'credit_card',
      token: 'tok_sandbox_1',
      firstName: 'Vera',
    });
    expect(JSON.stringify(charged)).not.toContain(testCard);
    const chargeCall = fetchMock.mock.calls.find(([input]) => String(input) === '/api/payment-frame/charge');
    expect(new Headers(chargeCall?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveValue(''));
  });

  it("shows the server's message when the card is declined", async () => {
    stubFetch({
      '/api/payment-frame/charge': failure(422, 'PAYMENT_DECLINED', DeclineText.DeclinedByBank),
    });
    mount({ publishableKey: key, isVirtualTerminal: true, paymentOptions: ['cash'] }, terminalMerchant);
    await userEvent.type(screen.getByLabelText('Amount'), '20.13');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DeclineText.DeclinedByBank);
  });

  it('refuses an amount with three decimals before calling anything', async () => {
    const fetchMock = stubFetch({});
    mount({ publishableKey: key, isVirtualTerminal: true, paymentOptions: ['cash'] }, terminalMerchant);
    await userEvent.type(screen.getByLabelText('Amount'), '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PaymentFrameText.AmountTooManyDecimals);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the fee the merchant passes on, with the total, before paying', async () => {
    const merchant: FrameMerchant = {
      ...payerMerchant,
      passed_on_rates: { credit_card: '2.90+0.30', bank: null },
    };
    mount(
      {
        publishableKey: key,
        paymentOptions: ['credit_card', 'bank'],
        freeFormAmount: true,
        showFeeValue: true,
        feeMessage: 'Card payments carry a 2.9% + $0.30 fee.',
      },
      merchant,
    );
    expect(screen.getByText('Card payments carry a 2.9% + $0.30 fee.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount'), '25.00');
    expect(screen.getByText('Fee: $1.03 · Total: $26.03')).toBeVisible();
    await userEvent.click(screen.getByLabelText('Bank account (ACH)'));
    expect(screen.queryByText(/^Fee:/)).not.toBeInTheDocument();
  });
});

describe('the fee line', () => {
  const merchant: FrameMerchant = {
    ...payerMerchant,
    passed_on_rates: { credit_card: '3+0', bank: '1+0.25' },
  };

  it('names the fee and total only when the page shows the fee and the amount is valid', () => {
    const shown: PaymentFrameParams = { publishableKey: key, showFeeValue: true };
    expect(feeLineOf(shown, merchant, 'credit_card', '10.00')).toBe('Fee: $0.30 · Total: $10.30');
    expect(feeLineOf(shown, merchant, 'bank', '10.00')).toBe('Fee: $0.35 · Total: $10.35');
    expect(feeLineOf(shown, merchant, 'cash', '10.00')).toBeNull();
    expect(feeLineOf(shown, merchant, 'credit_card', '1.234')).toBeNull();
    expect(feeLineOf({ publishableKey: key }, merchant, 'credit_card', '10.00')).toBeNull();
  });
});
