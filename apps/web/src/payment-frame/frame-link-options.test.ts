import { LinkOptionsText } from '@portico/contracts/payment-frame/link-options';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../test/fetch-stub';
import { frameMerchant } from '../test/frame-fixtures';
import { renderPaymentForm } from './frame-form';

// A payment link's options on the frame: the tip and its total, the full name, the shipping address,
// purchase data, saving the card and the opt-in, sent with the charge; the rich-text description
// built from its allow-listed parse.

const key = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const merchant = frameMerchant();

function mount(params: PaymentFrameParams) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  renderPaymentForm(root, params, 'sig', encodePaymentFrameParams(params), merchant);
  return root;
}

afterEach(() => document.body.replaceChildren());

const link: PaymentFrameParams = { publishableKey: key, amount: '25.00', paymentOptions: ['credit_card'] };

describe('link options on the frame', () => {
  it('shows the tip and the total it makes as the payer types', async () => {
    mount({ ...link, allowTip: true });
    expect(screen.getByLabelText('Tip')).toHaveAccessibleDescription(LinkOptionsText.TipHint);
    await userEvent.type(screen.getByLabelText('Tip'), '4.5');
    expect(screen.getByText('Tip: $4.50 · Total: $29.50')).toBeInTheDocument();
  });

  it('requires the full name before calling anything', async () => {
    const fetchMock = stubFetch({});
    mount({ ...link, fullName: true });
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-required', 'true');
    await userEvent.type(screen.getByLabelText('First name'), 'Robin');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent(LinkOptionsText.FullNameRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the first shipping part missing', async () => {
    const fetchMock = stubFetch({});
    mount({ ...link, address: true });
    await userEvent.type(screen.getByLabelText('Shipping street address'), '9 Quay Street');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      PaymentFrameText.CustomFieldRequired('Shipping city'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends every option the payer answered with the charge', async () => {
    const fetchMock = stubFetch({
      '/api/payment-frame/tokenize': ok({
        token: 'tok_1',
        issuer: 'VISA',
        last4: '1117',
        exp_month: 12,
        exp_year: 2031,
      }),
      '/api/payment-frame/charge': ok({
        id: '31111111-2222-4333-8444-555555555555',
        amount: '29.50',
        fee: '0.00',
        tip: '4.50',
        status: 'Approved',
        message: PaymentFrameText.PaymentSuccessful,
        issuer: 'VISA',
        last4: '1117',
        created_at: '2026-11-26T00:00:00.000Z',
      }),
    });
    mount({
      ...link,
      allowTip: true,
      optIn: true,
      address: true,
      savePaymentToken: true,
      saveMode: 'ask',
      isLevelTwoDataEnabled: true,
      isLevelThreeDataEnabled: true,
    });
    const type = (label: string, text: string) => userEvent.type(screen.getByLabelText(label), text);
    await type('Tip', '4.50');
    await type('First name', 'Robin');
    await type('Last name', 'Vale');
    await type('Email', 'robin@example.com');
    await type('Shipping street address', '9 Quay Street');
    await type('Shipping city', 'Portland');
    await type('Shipping state', 'ME');
    await type('Shipping postal code', '04101');
    await type('PO number', 'PO-7781');
    await type('Tax amount', '1.50');
    await type('Item description', 'Beans');
    await type('Unit price', '10');
    await type('Card number', '1111111111111117');
    await type('Expiry month (MM)', '12');
    await type('Expiry year (YYYY)', '2031');
    await type('CVV', '123');
    await userEvent.click(screen.getByLabelText(LinkOptionsText.SaveCard));
    await userEvent.click(screen.getByLabelText(LinkOptionsText.OptIn));
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByText('Tip included')).toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/payment-frame/charge');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      tip: '4.50',
      optIn: true,
      saveCard: true,
      shippingAddress: { line1: '9 Quay Street', city: 'Portland', state: 'ME', postalCode: '04101' },
      levelTwo: { poNumber: 'PO-7781', taxAmount: '1.50' },
      lineItems: [{ description: 'Beans', productCode: '', quantity: '1', unitPrice: '10' }],
    });
  });
});

describe('the rich-text description', () => {
  it('builds the allowed styles and font sizes as elements', () => {
    const root = mount({
      ...link,
      description: '<p><strong>Roast</strong> <span style="font-size: 24px">of the month</span></p>',
    });
    expect(root.querySelector('.description strong')).toHaveTextContent('Roast');
    expect(root.querySelector<HTMLElement>('.description span')?.style.fontSize).toBe('24px');
  });

  it('shows a description outside the allow-list as its plain text, running nothing', () => {
    const root = mount({ ...link, description: '<img src=x onerror="alert(1)"><script>alert(2)</script>' });
    expect(root.querySelector('img, script')).toBeNull();
    expect(root.querySelector('.description')).toHaveTextContent('<img src=x onerror="alert(1)">');
  });
});
