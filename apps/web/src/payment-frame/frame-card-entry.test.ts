import type { FrameMerchant } from '@portico/contracts/payment-frame/charge';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../test/fetch-stub';
import { approvedCharge, frameMerchant } from '../test/frame-fixtures';
import { methodsOf, renderPaymentForm } from './frame-form';

// The frame's Apple Pay, Google Pay and card reader (swipe) methods: shown by the params
// and, on the virtual terminal, by permission; the swipe read in the browser with only the number
// and expiry sent to tokenisation; the sandbox wallet sheet standing in for the browser's.

const key = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const track = '%B1111111111111117^DOE/JANE M^3012101000000000000000?;1111111111111117=30121010000000000000?';

const payerMerchant = frameMerchant();
const allCardEntry: PaymentFrameParams['paymentOptions'] = [
  'credit_card',
  'swipe',
  'apple_pay',
  'google_pay',
];

function mount(params: PaymentFrameParams, merchant: FrameMerchant = payerMerchant) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  renderPaymentForm(root, params, 'sig', encodePaymentFrameParams(params), merchant);
}

function postedBody(fetchMock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

const approved = (last4: string) => ok(approvedCharge({ last4 }));
const token = (last4: string) =>
  ok({ token: 'sbx_tok_x', issuer: 'VISA', last4, exp_month: 12, exp_year: 2030 });

afterEach(() => {
  document.body.replaceChildren();
});

describe('which of swipe, Apple Pay and Google Pay the frame offers', () => {
  it('offers each only when the params name it and the merchant takes cards', () => {
    expect(methodsOf({ publishableKey: key, paymentOptions: allCardEntry }, payerMerchant)).toEqual([
      'credit_card',
      'swipe',
      'apple_pay',
      'google_pay',
    ]);
    expect(methodsOf({ publishableKey: key, paymentOptions: ['apple_pay'] }, payerMerchant)).toEqual([
      'apple_pay',
    ]);
    expect(
      methodsOf(
        { publishableKey: key, paymentOptions: allCardEntry },
        { ...payerMerchant, can_take_card: false },
      ),
    ).toEqual([]);
  });

  it('keeps on the virtual terminal only those the user holds the permission for', () => {
    mount(
      { publishableKey: key, isVirtualTerminal: true, paymentOptions: allCardEntry },
      {
        ...payerMerchant,
        virtual_terminal: {
          payment_options: ['credit_card', 'google_pay'],
          omit_zip: false,
          custom_field_access: null,
        },
      },
    );
    const methods = screen.getByRole('group', { name: 'Payment method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['credit_card', 'google_pay']);
    expect(within(methods).getByLabelText('Google Pay')).toBeInTheDocument();
    expect(within(methods).queryByLabelText('Apple Pay')).not.toBeInTheDocument();
    expect(within(methods).queryByLabelText('Swipe card')).not.toBeInTheDocument();
  });
});

describe('the card reader field', () => {
  it('reads a swipe, empties the field, fills the name and sends only number and expiry to tokenisation', async () => {
    const fetchMock = stubFetch({
      '/api/payment-frame/tokenize': token('1117'),
      '/api/payment-frame/charge': approved('1117'),
    });
    mount({ publishableKey: key, paymentOptions: ['credit_card', 'swipe'], freeFormAmount: true });
    expect(screen.queryByLabelText('Card reader')).not.toBeVisible();
    await userEvent.click(screen.getByLabelText('Swipe card'));
    expect(screen.getByLabelText('Card number')).not.toBeVisible();
    await userEvent.type(screen.getByLabelText('Amount'), '9.50');
    const reader = screen.getByLabelText('Card reader');
    await userEvent.type(reader, `${track}{Enter}`);
    expect(reader).toHaveValue('');
    expect(screen.getByText('Card read: •••• 1117, expires 12/2030, JANE M DOE')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('JANE M');
    expect(screen.getByLabelText('Last name')).toHaveValue('DOE');
    // The reader's Enter read the card; it paid nothing.
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(postedBody(fetchMock, '/api/payment-frame/charge')).toBeDefined());
    expect(postedBody(fetchMock, '/api/payment-frame/tokenize')).toEqual({
      kind: 'swipe',
      number: '1111111111111117',
      expMonth: '12',
      expYear: '2030',
    });
    expect(postedBody(fetchMock, '/api/payment-frame/charge')).toMatchObject({
      method: 'swipe',
      token: 'sbx_tok_x',
      amount: '9.50',
    });
    const sent = fetchMock.mock.calls.map(([, init]) => String(init?.body)).join(' ');
    expect(sent).not.toContain('%B');
    expect(sent).not.toContain('^DOE');
    expect(await screen.findByText(PaymentFrameText.PaymentSuccessful)).toBeInTheDocument();
    expect(screen.getByText('$9.50')).toBeInTheDocument();
  });

  it('says so when a swipe cannot be read, and asks for a swipe before paying', async () => {
    const fetchMock = stubFetch({});
    mount({ publishableKey: key, paymentOptions: ['swipe'], freeFormAmount: true });
    await userEvent.type(screen.getByLabelText('Amount'), '9.50');
    await userEvent.type(screen.getByLabelText('Card reader'), '%B12^BAD?{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(PaymentFrameText.SwipeNotRead);
    expect(screen.getByLabelText('Card reader')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(PaymentFrameText.SwipeFirst)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the sandbox wallet sheet', () => {
  it('opens for Apple Pay, tokenises the card confirmed and charges with method apple_pay', async () => {
    const fetchMock = stubFetch({
      '/api/payment-frame/tokenize': token('4444'),
      '/api/payment-frame/charge': approved('4444'),
    });
    mount({ publishableKey: key, paymentOptions: ['apple_pay', 'google_pay'], freeFormAmount: true });
    await userEvent.type(screen.getByLabelText('Amount'), '9.50');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const sheet = await screen.findByRole('dialog', { name: 'Apple Pay (sandbox)' });
    expect(within(sheet).getByText(`Pay 9.50 to ${payerMerchant.name}`)).toBeInTheDocument();
    await userEvent.click(within(sheet).getByLabelText('Mastercard •••• 4444'));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(postedBody(fetchMock, '/api/payment-frame/charge')).toBeDefined());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(postedBody(fetchMock, '/api/payment-frame/tokenize')).toEqual({
      kind: 'wallet',
      wallet: 'apple_pay',
      issuer: 'MC',
    });
    expect(postedBody(fetchMock, '/api/payment-frame/charge')).toMatchObject({ method: 'apple_pay' });
  });

  it('calls nothing when the payer cancels the Google Pay sheet', async () => {
    const fetchMock = stubFetch({});
    mount({ publishableKey: key, paymentOptions: ['google_pay'], freeFormAmount: true });
    await userEvent.type(screen.getByLabelText('Amount'), '9.50');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const sheet = await screen.findByRole('dialog', { name: 'Google Pay (sandbox)' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(PaymentFrameText.WalletCancelled)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
