import { LinkTermsText } from '@portico/contracts/payment-frame/link-terms';
import { RichDescriptionText } from '@portico/contracts/payment-frame/rich-description';
import { describe, expect, it } from 'vitest';
import { expiryInstantOf, initialLinkState, linkMessages, linkParamsOf } from './link-builder-state.utils';

const publishableKey = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const today = '2027-03-01';
const now = new Date(2027, 2, 1, 9, 30);
const state = { ...initialLinkState(today, { description: null, paymentOptions: null }), amount: '42.00' };

describe('the link expiry', () => {
  it("reads the field's date-time in the browser's time zone", () => {
    expect(expiryInstantOf('2027-03-01T17:00')).toBe(new Date(2027, 2, 1, 17, 0).toISOString());
    expect(expiryInstantOf('')).toBeNull();
    expect(expiryInstantOf('not a date')).toBeNull();
  });

  it('goes into a one-time charge as an instant, and nowhere without one', () => {
    const withExpiry = linkParamsOf({ ...state, expiresAt: '2027-03-01T17:00' }, publishableKey, today);
    expect(withExpiry.expiresAt).toBe(new Date(2027, 2, 1, 17, 0).toISOString());
    expect(linkParamsOf(state, publishableKey, today)).not.toHaveProperty('expiresAt');
    const subscription = linkParamsOf(
      { ...state, paymentType: 'subscription', email: 'club@payer.example', expiresAt: '2027-03-01T17:00' },
      publishableKey,
      today,
    );
    expect(subscription).not.toHaveProperty('expiresAt');
  });

  it('must be ahead when given', () => {
    expect(linkMessages({ ...state, expiresAt: '2027-03-01T09:00' }, today, now).expiresAt).toBe(
      LinkTermsText.ExpiryInPast,
    );
    expect(linkMessages({ ...state, expiresAt: '2027-03-01T10:00' }, today, now).expiresAt).toBeUndefined();
    expect(linkMessages(state, today, now).expiresAt).toBeUndefined();
  });
});

describe('the link options', () => {
  it('carries the save and level 2/3 choices only when ticked', () => {
    expect(linkParamsOf(state, publishableKey, today)).not.toHaveProperty('savePaymentToken');
    expect(
      linkParamsOf(
        {
          ...state,
          savePaymentToken: true,
          saveMode: 'always',
          isLevelTwoDataEnabled: true,
          isLevelThreeDataEnabled: true,
        },
        publishableKey,
        today,
      ),
    ).toMatchObject({
      savePaymentToken: true,
      saveMode: 'always',
      isLevelTwoDataEnabled: true,
      isLevelThreeDataEnabled: true,
    });
  });

  it("names what is wrong with the description's rich text", () => {
    expect(
      linkMessages({ ...state, description: '<p><strong>Hi</strong></p>' }, today, now).description,
    ).toBeUndefined();
    expect(linkMessages({ ...state, description: '<script>x</script>' }, today, now).description).toBe(
      RichDescriptionText.NotAllowed('<script>'),
    );
  });
});
