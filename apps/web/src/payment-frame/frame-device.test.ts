import type { FrameMerchant } from '@portico/contracts/payment-frame/charge';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvedCharge } from '../test/frame-fixtures';
import { DeviceText } from './frame-device';
import { methodsOf, renderPaymentForm } from './frame-form';

// Paying on a linked device from the virtual terminal: newpos, pax and terminal are offered
// only when the params name them, the user's permissions keep them and an open device of that kind
// exists; the chosen device's id is sent and the frame waits for the device's answer.

const key = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const pax = {
  id: '11111111-2222-4333-8444-555555555501',
  name: 'Front Counter',
  lane_id: '1',
  terminal_type: 'PAX' as const,
};
const bar = {
  id: '11111111-2222-4333-8444-555555555502',
  name: 'Bar',
  lane_id: '2',
  terminal_type: 'PAX' as const,
};

const terminalUser: FrameMerchant = {
  name: 'Harbor Lane Coffee Roasters',
  can_take_card: true,
  can_take_ach: true,
  high_ticket: '1000.00',
  passed_on_rates: { credit_card: null, bank: null },
  locations: [],
  virtual_terminal: {
    payment_options: ['credit_card', 'terminal', 'pax'],
    omit_zip: false,
    custom_field_access: null,
    devices: [pax, bar],
  },
};
const params: PaymentFrameParams = {
  publishableKey: key,
  isVirtualTerminal: true,
  paymentOptions: ['credit_card', 'terminal', 'pax', 'newpos'],
};

afterEach(() => {
  document.body.replaceChildren();
});

describe('the device methods of the frame', () => {
  it('offers terminal and pax with open devices, newpos without its permission or a NEWPOS device', () => {
    expect(methodsOf(params, terminalUser)).toEqual(['credit_card', 'pax', 'terminal']);
  });

  it('offers none without open devices, nor to a payer on a link', () => {
    const noDevices: FrameMerchant = {
      ...terminalUser,
      virtual_terminal: {
        payment_options: ['credit_card', 'terminal', 'pax'],
        omit_zip: false,
        custom_field_access: null,
        devices: [],
      },
    };
    expect(methodsOf(params, noDevices)).toEqual(['credit_card']);
    expect(
      methodsOf({ ...params, isVirtualTerminal: false }, { ...terminalUser, virtual_terminal: null }),
    ).toEqual(['credit_card']);
  });

  it('preselects the params terminal, sends its id and waits for the device', async () => {
    // The device answers only when the test says so: the frame shows the waiting state meanwhile.
    let answer: (value: Response) => void = () => {};
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const root = document.createElement('main');
    document.body.replaceChildren(root);
    const withTerminal = { ...params, terminal: bar.id };
    renderPaymentForm(root, withTerminal, undefined, encodePaymentFrameParams(withTerminal), terminalUser);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount'), '9.50');
    await user.click(screen.getByLabelText('Terminal'));
    expect(screen.getByLabelText<HTMLSelectElement>(DeviceText.ChooseDevice).value).toBe(bar.id);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(DeviceText.Waiting)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/payment-frame/charge');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ method: 'terminal', terminal_id: bar.id });
    answer(
      Response.json({
        status: true,
        message: approvedCharge(),
      }),
    );
    await waitFor(() => expect(screen.getByText('Visa •••• 1117')).toBeTruthy());
  });
});
