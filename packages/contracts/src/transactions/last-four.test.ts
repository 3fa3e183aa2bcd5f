import { describe, expect, it } from 'vitest';
import { lastFourDigitsOfTransaction, lastFourFromMaskedAccountNumber, lastFourFromToken } from './last-four';

describe('lastFourFromToken', () => {
  it.each([
    ['VISA-4242-12-2027', '4242'],
    ['AMEX-0005-01-2030', '0005'],
    ['BANK-6789', '6789'],
    [' MC-5454-03-2028 ', '5454'],
  ])('reads %s as %s', (token, lastFour) => {
    expect(lastFourFromToken(token)).toBe(lastFour);
  });

  it.each([
    null,
    undefined,
    '',
    'tok_8f2a9c',
    'VISA',
    'VISA-42-12-2027',
    'VISA-42424-12-2027',
    'VISA-abcd-12-2027',
  ])('cannot read %s', (token) => {
    expect(lastFourFromToken(token)).toBeNull();
  });
});

describe('lastFourFromMaskedAccountNumber', () => {
  it.each([
    ['XXXXXXXXXXXX1234', '1234'],
    ['************9876', '9876'],
    ['411111******1111', '1111'],
  ])('reads %s as %s', (masked, lastFour) => {
    expect(lastFourFromMaskedAccountNumber(masked)).toBe(lastFour);
  });

  it.each([null, undefined, '', 'XXXX', 'XXXXXXXX12', '1234XXXX'])('cannot read %s', (masked) => {
    expect(lastFourFromMaskedAccountNumber(masked)).toBeNull();
  });
});

describe('lastFourDigitsOfTransaction', () => {
  it('takes the token first', () => {
    expect(lastFourDigitsOfTransaction({ token: 'VISA-4242-12-2027', maskedAccountNumber: 'XXXX1111' })).toBe(
      '4242',
    );
  });

  it('falls back to the masked account number when the token is unreadable', () => {
    expect(lastFourDigitsOfTransaction({ token: 'tok_abc', maskedAccountNumber: 'XXXXXXXXXXXX1111' })).toBe(
      '1111',
    );
    expect(lastFourDigitsOfTransaction({ token: null, maskedAccountNumber: 'XXXXXXXXXXXX1111' })).toBe(
      '1111',
    );
  });

  it("shows 'n/a' when neither is readable", () => {
    expect(lastFourDigitsOfTransaction({ token: 'tok_abc', maskedAccountNumber: null })).toBe('n/a');
    expect(lastFourDigitsOfTransaction({ token: undefined, maskedAccountNumber: undefined })).toBe('n/a');
  });
});
