import { describe, expect, it } from 'vitest';
import { parseRecipientList, sendEmailBody } from './email';

describe('parseRecipientList', () => {
  it('splits, lowercases and de-duplicates, ignoring empty entries', () => {
    expect(
      parseRecipientList('Support@Portico.example, ops@portico.example;;support@portico.example,'),
    ).toEqual({
      isValid: true,
      addresses: ['support@portico.example', 'ops@portico.example'],
    });
    expect(parseRecipientList(['a@x.example', 'b@x.example, c@x.example'])).toEqual({
      isValid: true,
      addresses: ['a@x.example', 'b@x.example', 'c@x.example'],
    });
  });

  it('refuses none, too many and malformed addresses', () => {
    expect(parseRecipientList(' , ')).toEqual({ isValid: false, reason: 'none' });
    expect(
      parseRecipientList('1@x.example,2@x.example,3@x.example,4@x.example,5@x.example,6@x.example'),
    ).toEqual({
      isValid: false,
      reason: 'too_many',
    });
    expect(parseRecipientList('not-an-address')).toEqual({ isValid: false, reason: 'invalid' });
    expect(parseRecipientList('a@x.example\r\nBcc: b@y.example')).toEqual({
      isValid: false,
      reason: 'invalid',
    });
  });
});

describe('sendEmailBody', () => {
  it('refuses a subject with a line break and unknown keys', () => {
    expect(
      sendEmailBody.safeParse({ subject: 'Hi\r\nBcc: x@y.example', body: 'b', to: 'a@x.example' }).success,
    ).toBe(false);
    expect(
      sendEmailBody.safeParse({ subject: 'Hi', body: 'b', to: 'a@x.example', html: '<b>' }).success,
    ).toBe(false);
    expect(sendEmailBody.safeParse({ subject: 'Hi', body: 'b', to: 'a@x.example' }).success).toBe(true);
  });
});
