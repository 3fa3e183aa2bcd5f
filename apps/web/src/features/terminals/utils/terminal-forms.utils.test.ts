import { clampPaxQuantity, paxTotalText } from '@portico/contracts/terminals/terminals';
import { describe, expect, it } from 'vitest';
import { emptyLinkDraft, emptyPaxDraft, linkBodyOf, type PaxDraft, paxBodyOf } from './terminal-forms.utils';

const merchant = '00000000-0000-4000-8000-000000000001';

describe('linkBodyOf', () => {
  it('needs the auth key, lane id and device type; the serial number is optional', () => {
    const draft = { ...emptyLinkDraft, authKey: ' key ', laneId: '3', deviceType: 'NEWPOS' };
    expect(linkBodyOf(draft, merchant)).toEqual({
      merchant_id: merchant,
      authKey: 'key',
      laneId: '3',
      device_type: 'NEWPOS',
      tpn: undefined,
      registerId: undefined,
      sn: undefined,
      sub_entity_id: null,
    });
    expect(linkBodyOf({ ...draft, authKey: ' ' }, merchant)).toBeNull();
    expect(linkBodyOf({ ...draft, laneId: '' }, merchant)).toBeNull();
    expect(linkBodyOf({ ...draft, deviceType: 'Ingenico' }, merchant)).toBeNull();
  });
});

describe('paxBodyOf', () => {
  const filled: PaxDraft = {
    ...emptyPaxDraft,
    shipTo: 'Harbor',
    shipToContact: 'Sam',
    shipToAddress: '1 Main St',
    shipToCity: 'Portland',
    shipToState: 'OR',
    shipToZip: '97209',
    shipToPhone: '503',
    cardholderName: 'Sam',
    ccNum: '1111 1111 1111 1117',
    expMonth: '09',
    expYear: '30',
    cvv: '123',
    billingZip: '97209',
    quantity: 3,
  };

  it('joins Exp Month and Exp Year as MMYY and strips the card number', () => {
    expect(paxBodyOf(filled, merchant)).toMatchObject({
      ExpDate: '0930',
      CcNum: '1111111111111117',
      quantity: 3,
    });
  });

  it('refuses a month or year that is not two digits, and any empty field', () => {
    expect(paxBodyOf({ ...filled, expMonth: '9' }, merchant)).toBeNull();
    expect(paxBodyOf({ ...filled, expMonth: '009' }, merchant)).toBeNull();
    expect(paxBodyOf({ ...filled, expYear: '2030' }, merchant)).toBeNull();
    expect(paxBodyOf({ ...filled, shipToCity: ' ' }, merchant)).toBeNull();
  });

  it('resets a quantity below 1 to 1 and prices 260 dollars each', () => {
    expect(clampPaxQuantity(0)).toBe(1);
    expect(clampPaxQuantity(-4)).toBe(1);
    expect(paxBodyOf({ ...filled, quantity: 0 }, merchant)?.quantity).toBe(1);
    expect(paxTotalText('PAX A920 Pro', 3)).toBe('780.00');
  });
});
