import { describe, expect, it } from 'vitest';
import {
  paymentOptionsKeptForPermissions,
  virtualTerminalFrameParams,
  virtualTerminalQueryOf,
  withVirtualTerminalDefaults,
} from './virtual-terminal-options';

const key = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const customer = '11111111-2222-4333-8444-555555555555';

describe('virtual terminal options', () => {
  it('keeps an option only with its permission', () => {
    expect(
      paymentOptionsKeptForPermissions(['credit_card', 'bank', 'cash'], new Set(['Charge', 'Cash'])),
    ).toEqual(['credit_card', 'cash']);
  });

  it('reads the query, ignoring malformed ids', () => {
    const query = virtualTerminalQueryOf(
      new URLSearchParams(`terminalId=bad&isSwipeAndCNP=true&customerId=${customer}`),
    );
    expect(query).toEqual({
      terminalId: null,
      isSwipeAndCNP: true,
      isSwipeOnly: false,
      customerId: customer,
      paymentMethodId: null,
    });
  });

  it('builds the frame params with the forced defaults, or null when nothing is left', () => {
    const query = virtualTerminalQueryOf(new URLSearchParams(''));
    const base = { publishableKey: key, paymentOptions: ['credit_card' as const, 'bank' as const] };
    expect(
      virtualTerminalFrameParams(base, query, { paymentOptions: ['credit_card'], omitZip: false }),
    ).toEqual({
      ...base,
      paymentOptions: ['credit_card'],
      isVirtualTerminal: true,
      zipMode: 'required',
    });
    expect(
      virtualTerminalFrameParams(base, query, { paymentOptions: ['credit_card'], omitZip: true })?.zipMode,
    ).toBe('off');
    expect(virtualTerminalFrameParams(base, query, { paymentOptions: ['cash'], omitZip: false })).toBeNull();
    const swipe = virtualTerminalQueryOf(new URLSearchParams('isSwipeAndCNP=true'));
    expect(
      virtualTerminalFrameParams(base, swipe, {
        paymentOptions: ['credit_card', 'swipe', 'newpos', 'bank'],
        omitZip: false,
      })?.paymentOptions,
    ).toEqual(['credit_card', 'swipe', 'newpos']);
    const swipeOnly = virtualTerminalQueryOf(new URLSearchParams('isSwipeOnly=true'));
    expect(
      virtualTerminalFrameParams(base, swipeOnly, {
        paymentOptions: ['credit_card', 'swipe'],
        omitZip: false,
      })?.paymentOptions,
    ).toEqual(['swipe']);
    // Swipe-only without the Swipe permission leaves nothing.
    expect(
      virtualTerminalFrameParams(base, swipeOnly, { paymentOptions: ['credit_card'], omitZip: false }),
    ).toBeNull();
  });

  it("fills what a terminal leaves unset with the virtual terminal's defaults; its own settings win", () => {
    expect(withVirtualTerminalDefaults({ publishableKey: key })).toEqual({
      publishableKey: key,
      freeFormAmount: true,
      paymentType: 'charge',
      frequency: 1,
      interval: 'monthly',
      paymentOptions: ['credit_card', 'bank', 'swipe'],
      zipMode: 'required',
      emailOption: 'optional',
      fullName: true,
      billingAddress: true,
      phoneOption: 'off',
      allowTip: false,
      savePaymentToken: false,
      source: 'link',
    });
    expect(
      withVirtualTerminalDefaults({ publishableKey: key, paymentOptions: ['cash'], freeFormAmount: false }),
    ).toMatchObject({ paymentOptions: ['cash'], freeFormAmount: false, fullName: true });
  });
});
