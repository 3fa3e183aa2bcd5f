import { describe, expect, it } from 'vitest';
import {
  isLinkExpired,
  isOneTimeLink,
  LinkTermsText,
  linkStateMessage,
  oneTimeLinkIdentity,
} from './link-terms';
import { decodePaymentFrameParams, encodePaymentFrameParams, type PaymentFrameParams } from './params';

const publishableKey = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const linkId = '0b6a3c8e-2f4d-4a1b-9c7e-5d3f1a2b4c6d';

describe('link terms', () => {
  it('takes a link builder charge as one-time, and neither its subscriptions nor other pages', () => {
    expect(isOneTimeLink({ publishableKey, source: 'link-builder', paymentType: 'charge' })).toBe(true);
    expect(isOneTimeLink({ publishableKey, source: 'link-builder' })).toBe(true);
    expect(isOneTimeLink({ publishableKey, source: 'link-builder', paymentType: 'subscription' })).toBe(
      false,
    );
    expect(isOneTimeLink({ publishableKey, paymentType: 'charge' })).toBe(false);
    expect(isOneTimeLink({ publishableKey, isVirtualTerminal: true })).toBe(false);
  });

  it('knows a link by its id, else by its signature', () => {
    expect(oneTimeLinkIdentity({ publishableKey, linkId }, 'S1g')).toBe(`id:${linkId}`);
    expect(oneTimeLinkIdentity({ publishableKey }, 'S1g')).toBe('sig:S1g');
  });

  it('expires at its instant, in any offset, and never without one', () => {
    const at = new Date('2027-03-01T17:00:00Z');
    expect(isLinkExpired({ publishableKey }, at)).toBe(false);
    expect(isLinkExpired({ publishableKey, expiresAt: '2027-03-01T17:00:01Z' }, at)).toBe(false);
    expect(isLinkExpired({ publishableKey, expiresAt: '2027-03-01T17:00:00Z' }, at)).toBe(true);
    expect(isLinkExpired({ publishableKey, expiresAt: '2027-03-01T12:00:01-05:00' }, at)).toBe(false);
    expect(isLinkExpired({ publishableKey, expiresAt: '2027-03-01T11:59:59-05:00' }, at)).toBe(true);
  });

  it('carries the id and the expiry through the params, and refuses a malformed one', () => {
    const params: PaymentFrameParams = { publishableKey, linkId, expiresAt: '2027-03-01T17:00:00.000Z' };
    expect(decodePaymentFrameParams(encodePaymentFrameParams(params))).toEqual({ ok: true, params });
    const encode = (value: unknown) => btoa(JSON.stringify(value));
    expect(decodePaymentFrameParams(encode({ publishableKey, linkId: 'one' })).ok).toBe(false);
    expect(decodePaymentFrameParams(encode({ publishableKey, expiresAt: '2027-03-01' })).ok).toBe(false);
    expect(decodePaymentFrameParams(encode({ publishableKey, expiresAt: 'tomorrow' })).ok).toBe(false);
  });

  it('tells the frame what to show instead of the form', () => {
    expect(linkStateMessage('paid')).toBe(LinkTermsText.AlreadyPaid);
    expect(linkStateMessage('expired')).toBe(LinkTermsText.Expired);
    expect(linkStateMessage('open')).toBeNull();
    expect(linkStateMessage(undefined)).toBeNull();
  });
});
