import type { ChargeResult, FrameMerchant } from '@portico/contracts/payment-frame/charge';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';

// The merchant and the approved charge the payment frame's tests start from; each test overrides
// what it is about.

export function frameMerchant(overrides: Partial<FrameMerchant> = {}): FrameMerchant {
  return {
    name: 'Harbor Lane Coffee Roasters',
    can_take_card: true,
    can_take_ach: true,
    high_ticket: '1000.00',
    passed_on_rates: { credit_card: null, bank: null },
    locations: [],
    virtual_terminal: null,
    ...overrides,
  };
}

type TerminalSettings = NonNullable<FrameMerchant['virtual_terminal']>;

// A merchant's own user on its virtual terminal: card and cash, no device.
export function terminalFrameMerchant(
  terminal: Partial<TerminalSettings> = {},
  overrides: Partial<FrameMerchant> = {},
): FrameMerchant {
  return frameMerchant({
    virtual_terminal: {
      payment_options: ['credit_card', 'cash'],
      omit_zip: false,
      custom_field_access: null,
      ...terminal,
    },
    ...overrides,
  });
}

export function approvedCharge(overrides: Partial<ChargeResult> = {}): ChargeResult {
  return {
    id: '31111111-2222-4333-8444-555555555555',
    amount: '9.50',
    fee: '0.00',
    status: 'Approved',
    message: PaymentFrameText.PaymentSuccessful,
    issuer: 'VISA',
    last4: '1117',
    created_at: '2026-11-26T00:00:00.000Z',
    ...overrides,
  };
}
