import { describe, expect, it } from 'vitest';
import {
  displayedVaultToken,
  isSameSavedMethod,
  savedMethodInWords,
  VaultText,
  vaultCustomerEditProblem,
  withoutDuplicateSavedMethods,
} from './vault';

describe('savedMethodInWords', () => {
  it('reads a card by its last four and expiry, a bank account by its last four', () => {
    expect(savedMethodInWords('1117-10-2030')).toBe('•••• 1117, expires 10/2030');
    expect(savedMethodInWords('4242-7-2031')).toBe('•••• 4242, expires 07/2031');
    expect(savedMethodInWords('6789')).toBe('•••• 6789');
  });
  it('leaves an opaque token as it is', () => {
    expect(savedMethodInWords('tok_abc')).toBe('tok_abc');
  });
});

describe('displayedVaultToken', () => {
  it('drops the first dash-separated segment', () => {
    expect(displayedVaultToken('VISA-4242-07-2031')).toBe('4242-07-2031');
    expect(displayedVaultToken('BANK-6789')).toBe('6789');
  });

  it('shows a token without a dash as it is', () => {
    expect(displayedVaultToken('opaque')).toBe('opaque');
  });
});

describe('saved method de-duplication', () => {
  const visa = { issuer: 'VISA', last4: '4242', expMonth: 7, expYear: 2031 };

  it('treats the same issuer, last four and expiry as one method', () => {
    expect(isSameSavedMethod(visa, { ...visa })).toBe(true);
    expect(isSameSavedMethod(visa, { ...visa, issuer: 'MC' })).toBe(false);
    expect(isSameSavedMethod(visa, { ...visa, last4: '4243' })).toBe(false);
    expect(isSameSavedMethod(visa, { ...visa, expMonth: 8 })).toBe(false);
    expect(isSameSavedMethod(visa, { ...visa, expYear: 2032 })).toBe(false);
  });

  it('treats two bank accounts of one last four as one (no expiry)', () => {
    const bank = { issuer: 'BANK', last4: '6789', expMonth: null, expYear: null };
    expect(isSameSavedMethod(bank, { ...bank })).toBe(true);
  });

  it('keeps the first of each identity, in order', () => {
    const methods = [
      { id: 'a', ...visa },
      { id: 'b', ...visa, last4: '1111' },
      { id: 'c', ...visa },
    ];
    expect(withoutDuplicateSavedMethods(methods).map((m) => m.id)).toEqual(['a', 'b']);
  });
});

describe('vaultCustomerEditProblem', () => {
  it('refuses a blanked name', () => {
    expect(vaultCustomerEditProblem({ first_name: ' ' })).toBe(VaultText.NameRequired);
    expect(vaultCustomerEditProblem({ last_name: '' })).toBe(VaultText.NameRequired);
  });

  it('refuses an e-mail that is not one, accepts an empty one (cleared)', () => {
    expect(vaultCustomerEditProblem({ email: 'nobody@' })).toBe(VaultText.EmailInvalid);
    expect(vaultCustomerEditProblem({ email: '' })).toBeNull();
    expect(vaultCustomerEditProblem({ email: 'Pat@Example.com', first_name: 'Pat' })).toBeNull();
  });
});
