import { describe, expect, it } from 'vitest';
import { DeclineText, declineMessageOf } from './decline';

describe('declineMessageOf', () => {
  it('words each response code a person can act on', () => {
    expect(declineMessageOf('05')).toBe(DeclineText.DeclinedByBank);
    expect(declineMessageOf('51')).toBe(DeclineText.OverLimit);
    expect(declineMessageOf('61')).toBe(DeclineText.OverLimit);
    expect(declineMessageOf('54')).toBe(DeclineText.CardExpired);
    expect(declineMessageOf('82')).toBe(DeclineText.CardDetailsWrong);
    expect(declineMessageOf('n7')).toBe(DeclineText.CardDetailsWrong);
    expect(declineMessageOf('57')).toBe(DeclineText.CardNotAllowed);
  });

  it('reads a lost or stolen card as a plain bank decline', () => {
    expect(declineMessageOf('41')).toBe(DeclineText.DeclinedByBank);
    expect(declineMessageOf('43')).toBe(DeclineText.DeclinedByBank);
  });

  it('gives the generic words for an unknown code, no code, or a name of an object property', () => {
    for (const code of ['99', 'XX', '', null, undefined, 'toString', '__proto__', ' 05x']) {
      expect(declineMessageOf(code)).toBe(DeclineText.Generic);
    }
    expect(DeclineText.Generic).toBe('The payment was declined. Try another card or contact your bank.');
  });

  it('never shows a code or a processor text', () => {
    for (const text of Object.values(DeclineText)) {
      expect(text).not.toMatch(/\d|sandbox|processor/i);
    }
  });
});
