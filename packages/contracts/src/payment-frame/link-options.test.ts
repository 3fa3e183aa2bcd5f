import { describe, expect, it } from 'vitest';
import {
  isCardToBeSaved,
  isFullNameGiven,
  LinkOptionsText,
  levelTwoDataOf,
  lineItemsOf,
  saveModeOf,
  shippingAddressLines,
  shippingAddressOf,
  tipCentsOf,
} from './link-options';

const key = '9b2f4c1e-3d5a-4b6c-8d7e-1f2a3b4c5d6e';

describe('link options', () => {
  it('reads a tip: blank is none, at most the amount, 2 decimals', () => {
    expect(tipCentsOf(undefined, 2500)).toEqual({ ok: true, cents: 0 });
    expect(tipCentsOf(' 4.5 ', 2500)).toEqual({ ok: true, cents: 450 });
    expect(tipCentsOf('25.00', 2500)).toEqual({ ok: true, cents: 2500 });
    expect(tipCentsOf('25.01', 2500)).toEqual({ ok: false, message: LinkOptionsText.TipTooLarge });
    expect(tipCentsOf('-1', 2500)).toEqual({ ok: false, message: LinkOptionsText.TipInvalid });
    expect(tipCentsOf('1.234', 2500)).toEqual({ ok: false, message: LinkOptionsText.TipInvalid });
  });

  it('needs both names for the full name', () => {
    expect(isFullNameGiven('Robin', 'Vale')).toBe(true);
    expect(isFullNameGiven('Robin', ' ')).toBe(false);
    expect(isFullNameGiven(undefined, 'Vale')).toBe(false);
  });

  it('needs the whole shipping address and prints it in two lines', () => {
    const typed = { line1: ' 9 Quay St ', city: 'Portland', state: 'ME', postalCode: '04101' };
    expect(shippingAddressOf(typed)).toEqual({
      address: { line1: '9 Quay St', city: 'Portland', state: 'ME', postalCode: '04101' },
      missing: null,
    });
    expect(shippingAddressOf({ ...typed, state: '' }).missing).toBe('state');
    expect(shippingAddressLines(shippingAddressOf(typed).address)).toEqual([
      '9 Quay St',
      'Portland, ME 04101',
    ]);
  });

  it("saves the card always, when the payer asks ('ask', the default), or never", () => {
    expect(saveModeOf({ publishableKey: key })).toBeNull();
    expect(saveModeOf({ publishableKey: key, savePaymentToken: true })).toBe('ask');
    expect(isCardToBeSaved({ publishableKey: key, savePaymentToken: true }, undefined)).toBe(false);
    expect(isCardToBeSaved({ publishableKey: key, savePaymentToken: true }, true)).toBe(true);
    expect(isCardToBeSaved({ publishableKey: key, savePaymentToken: true, saveMode: 'always' }, false)).toBe(
      true,
    );
    expect(isCardToBeSaved({ publishableKey: key, saveMode: 'always' }, true)).toBe(false);
  });

  it('reads level 2 and level 3 data, amounts as 2-decimal texts', () => {
    expect(levelTwoDataOf({ poNumber: ' PO-1 ', taxAmount: '2' }, 2500)).toEqual({
      ok: true,
      data: { poNumber: 'PO-1', taxAmount: '2.00' },
    });
    expect(levelTwoDataOf({}, 2500)).toEqual({ ok: true, data: null });
    expect(levelTwoDataOf({ taxAmount: '26' }, 2500)).toEqual({
      ok: false,
      message: LinkOptionsText.TaxInvalid,
    });
    expect(lineItemsOf([{ description: 'Beans', quantity: '2', unitPrice: '9.5' }, {}])).toEqual({
      ok: true,
      items: [{ description: 'Beans', quantity: 2, unitPrice: '9.50' }],
    });
    expect(lineItemsOf([{}, { description: 'Mugs', quantity: '1.5', unitPrice: '3' }])).toEqual({
      ok: false,
      message: LinkOptionsText.LineItemInvalid(2),
    });
  });
});
